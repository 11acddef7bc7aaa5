package webhook

// What the tests outside the package reach of its tables' SQL: to plant
// rows the admin routes would refuse (a URL on a private address).
type (
	WebhookRow  = webhookRow
	NewDelivery = newDelivery
)

var (
	InsertWebhook = insertWebhook
	AddDeliveries = addDeliveries
)
