package analytics

import (
	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/plugin"
)

// The dashboard for GraphQL clients: analyticsDashboard(from, to), the
// same figures as GET /api/analytics/dashboard under the same action
// (docs/graphql.md, "Plugins").

const dashboardTypes = `type AnalyticsDashboard {
  programs: AnalyticsPrograms!
  customers: AnalyticsCount!
  learners: AnalyticsCount!
  coaches: AnalyticsCoaches!
  enrollments: AnalyticsEnrollments!
  events: AnalyticsEvents!
  attendance: AnalyticsAttendance!
}
type AnalyticsPrograms {
  total: Int!
  byStatus: AnalyticsProgramsByStatus!
}
type AnalyticsProgramsByStatus {
  draft: Int!
  published: Int!
  archived: Int!
}
type AnalyticsCount {
  total: Int!
  active: Int!
}
type AnalyticsCoaches {
  total: Int!
  active: Int!
  utilization: Float!
}
type AnalyticsEnrollments {
  total: Int!
  byStatus: AnalyticsEnrollmentsByStatus!
  completionRate: Float!
  meanProgress: Float!
}
type AnalyticsEnrollmentsByStatus {
  invited: Int!
  active: Int!
  completed: Int!
  dropped: Int!
}
type AnalyticsEvents {
  next7Days: Int!
}
type AnalyticsAttendance {
  rate30Days: Float!
}`

// dashboardField is analyticsDashboard.
func (a *analytics) dashboardField() plugin.GraphQLField {
	return plugin.GraphQLField{
		Field:       "analyticsDashboard(from: Date, to: Date): AnalyticsDashboard",
		Types:       dashboardTypes,
		Description: "Platform totals: programs, customers, learners, coaches, enrollments, events and attendance",
		Action:      "analytics.dashboard",
		Resolve: func(c *fiber.Ctx, args map[string]any) (any, error) {
			win, err := windowOf(func(name string) string { s, _ := args[name].(string); return s })
			if err != nil {
				return nil, err
			}
			return a.dashboardOf(c, win)
		},
	}
}
