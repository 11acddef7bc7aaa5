package seed

// The vocabularies the data is drawn from. They are fixed lists, not a
// faker library, so the data set never changes under a dependency update,
// and they hold plain ASCII with nothing JSON must escape (jsonStrings).

// topic is a root category with its subtopics (the child categories).
type topic struct {
	name string
	subs []string
}

var topics = []topic{
	{"Leadership", []string{"Executive Presence", "Leading Hybrid Teams", "Strategic Thinking", "Change Leadership", "First-Time Managers", "Decision Making"}},
	{"Communication", []string{"Public Speaking", "Difficult Conversations", "Writing for Impact", "Negotiation", "Storytelling", "Active Listening"}},
	{"Wellbeing", []string{"Stress Resilience", "Mindfulness at Work", "Sleep and Energy", "Work-Life Balance", "Burnout Prevention", "Mental Health Awareness"}},
	{"Sales and Customers", []string{"Consultative Selling", "Key Account Management", "Customer Success", "Pricing Conversations", "Prospecting", "Sales Coaching"}},
	{"Technology", []string{"Data Literacy", "AI Fundamentals", "Cloud Basics", "Cybersecurity Awareness", "Agile Delivery", "Product Discovery"}},
	{"Career Development", []string{"Career Transitions", "Personal Branding", "Mentoring", "Returning to Work", "Building Confidence", "Goal Setting"}},
	{"Diversity and Inclusion", []string{"Inclusive Leadership", "Unconscious Bias", "Allyship", "Cross-Cultural Teams", "Inclusive Hiring", "Psychological Safety"}},
	{"Management Skills", []string{"Feedback and Coaching", "Delegation", "Performance Reviews", "Running Effective Meetings", "Project Management", "Time Management"}},
}

// blueprintVariants name a blueprint's format; level is its enum value.
var blueprintVariants = []struct{ name, level string }{
	{"Foundations", "beginner"}, {"Essentials", "beginner"}, {"Starter Kit", "beginner"},
	{"Journey", "intermediate"}, {"Sprint", "intermediate"}, {"Lab", "intermediate"}, {"Deep Dive", "intermediate"},
	{"Advanced Practice", "advanced"}, {"Masterclass", "advanced"}, {"Intensive", "advanced"},
}

// moduleTitles are the modules' titles; the first and last are kept in
// place, the rest shuffled, so an outline reads like a course.
var moduleTitles = []string{
	"Getting started", "Know yourself", "Core concepts", "Tools and techniques", "Practice in context",
	"Feedback loops", "Working with others", "Case studies", "Peer learning", "Deepening the practice",
	"Applying it at work", "Handling setbacks", "Habits that last", "Measuring progress", "Leading by example",
	"Real-world challenges", "Building your plan", "Sharing what you learned", "Capstone project",
	"Reflection and next steps",
}

// Session kinds, as the session and outline enums name them, with titles
// and typical lengths in minutes.
var sessionKinds = []string{"coaching", "workshop", "selfPaced"}

var sessionTitles = map[string][]string{
	"coaching":  {"1:1 coaching", "Group coaching", "Coaching check-in", "Goal-setting session", "Progress review", "Action planning"},
	"workshop":  {"Hands-on workshop", "Skills workshop", "Role-play lab", "Case clinic", "Peer exchange", "Practice studio", "Team simulation"},
	"selfPaced": {"Reading: key ideas", "Video lesson", "Reflection journal", "Self-assessment", "Practice assignment", "Quiz", "Podcast episode"},
}

var sessionMinutes = map[string][]int{
	"coaching":  {30, 45, 60, 60, 90},
	"workshop":  {60, 90, 120, 180, 240},
	"selfPaced": {15, 20, 30, 45, 60},
}

var sessionBodies = []string{
	"Before the session, write down one situation from the past month you want to work on.",
	"We start with a short recap, practise in pairs, and close with one commitment each.",
	"Work through the material at your own pace; it takes most people under an hour.",
	"Bring a real example from your team: we will use it as the case for the exercise.",
	"You will get a one-page summary and a checklist to use in your next meeting.",
	"Expect honest feedback: this is a safe space to try something new.",
}

// Customers: a name is a prefix and a suffix; the suffix sets the industry.
var customerPrefixes = []string{
	"Acme", "Northwind", "Blue Harbor", "Helios", "Quantum", "Evergreen", "Silverline", "Redwood", "Atlas",
	"Nimbus", "Crescent", "Summit", "Orion", "Granite", "Lumen", "Vertex", "Cobalt", "Meridian", "Pioneer",
	"Horizon", "Aurora", "Falcon", "Sterling", "Juniper", "Keystone", "Brightwater", "Ironbridge", "Maple",
	"Polaris", "Tidewater",
}

var customerSuffixes = []struct{ name, industry string }{
	{"Logistics", "Logistics"}, {"Health", "Healthcare"}, {"Bank", "Financial Services"},
	{"Insurance", "Insurance"}, {"Energy", "Energy"}, {"Retail", "Retail"}, {"Software", "Technology"},
	{"Pharma", "Pharmaceuticals"}, {"Foods", "Food and Beverage"}, {"Telecom", "Telecommunications"},
	{"Manufacturing", "Manufacturing"}, {"Consulting", "Professional Services"}, {"Media", "Media"},
	{"Airlines", "Aviation"}, {"Automotive", "Automotive"},
}

// zones are IANA time zones with the language spoken there (ISO 639-1)
// and an office city, so a person's languages and an event's location fit
// their time zone.
var zones = []struct{ name, lang, city string }{
	{"Europe/Berlin", "de", "Berlin"}, {"Europe/London", "en", "London"}, {"Europe/Paris", "fr", "Paris"},
	{"Europe/Madrid", "es", "Madrid"}, {"Europe/Amsterdam", "nl", "Amsterdam"}, {"Europe/Stockholm", "sv", "Stockholm"},
	{"Europe/Warsaw", "pl", "Warsaw"}, {"Europe/Rome", "it", "Milan"}, {"America/New_York", "en", "New York"},
	{"America/Chicago", "en", "Chicago"}, {"America/Los_Angeles", "en", "San Francisco"},
	{"America/Toronto", "en", "Toronto"}, {"America/Sao_Paulo", "pt", "Sao Paulo"}, {"Asia/Tokyo", "ja", "Tokyo"},
	{"Asia/Singapore", "en", "Singapore"}, {"Asia/Kolkata", "hi", "Bangalore"}, {"Asia/Dubai", "ar", "Dubai"},
	{"Australia/Sydney", "en", "Sydney"},
}

// extraLanguages are second languages people add beyond English and
// their zone's own.
var extraLanguages = []string{"en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "ja", "zh", "ko", "tr"}

var firstNames = []string{
	"Anna", "Ben", "Carla", "David", "Elena", "Felix", "Grace", "Hugo", "Ines", "Jonas", "Kira", "Liam",
	"Maya", "Noah", "Olivia", "Paul", "Rosa", "Samir", "Tara", "Umar", "Vera", "William", "Yuki", "Zara",
	"Aisha", "Bruno", "Chloe", "Diego", "Emma", "Farid", "Greta", "Hana", "Ivan", "Julia", "Kenji", "Lena",
	"Marco", "Nadia", "Oscar", "Priya", "Quentin", "Rahul", "Sofia", "Tomas", "Ulla", "Viktor", "Wen",
	"Xavier", "Yasmin", "Zoe", "Amir", "Beatriz", "Chen", "Dana", "Erik", "Fatima", "Gabriel", "Helena",
	"Isaac", "Jana",
}

var lastNames = []string{
	"Schmidt", "Johnson", "Martin", "Garcia", "Rossi", "Jansen", "Nowak", "Svensson", "Tanaka", "Silva",
	"Kumar", "Haddad", "Smith", "Brown", "Dubois", "Lopez", "Bianchi", "de Vries", "Kowalski", "Lindqvist",
	"Sato", "Costa", "Patel", "Nasser", "Williams", "Taylor", "Bernard", "Fernandez", "Romano", "Bakker",
	"Wojcik", "Berg", "Suzuki", "Pereira", "Singh", "Khalil", "Miller", "Wilson", "Laurent", "Moreno",
	"Ricci", "Visser", "Lewandowski", "Nilsson", "Yamamoto", "Santos", "Sharma", "Aziz", "Anderson",
	"Thomas", "Petit", "Diaz", "Greco", "Mulder", "Zielinski", "Holm", "Kato", "Almeida", "Gupta", "Mansour",
}

var expertise = []string{
	"leadership", "executive coaching", "career transitions", "resilience", "public speaking", "negotiation",
	"team dynamics", "change management", "sales", "wellbeing", "diversity and inclusion", "agile",
	"data literacy", "conflict resolution", "mindfulness", "feedback", "strategy", "time management",
}

var goals = []string{
	"Lead my first team with confidence", "Speak up in meetings", "Prepare for a promotion",
	"Give clearer feedback", "Manage my energy better", "Negotiate a better deal", "Delegate more",
	"Present to senior leadership", "Build a network inside the company", "Handle conflict calmly",
	"Get comfortable with data", "Plan my next career step", "Run shorter meetings", "Coach my team",
	"Balance work and family", "Understand AI tools", "Sell value, not price", "Write clearer emails",
}

var bioOpeners = []string{
	"is an ICF-certified coach",
	"is a former operations director turned coach",
	"coaches leaders and teams",
	"is an organisational psychologist",
	"spent a decade in sales leadership before coaching",
	"is a facilitator and executive coach",
}

var programIntros = []string{
	"A cohort program that mixes live workshops, 1:1 coaching and self-paced practice.",
	"Built with the people team around the goals of this year's development plan.",
	"A practical program: every module ends with something to try at work the next week.",
	"Designed for busy people: short sessions, real cases, and a coach alongside.",
}

var moduleBlurbs = []string{
	"The ideas behind the module, and why they matter in day-to-day work.",
	"Hands-on practice with peers, followed by a debrief with the coach.",
	"A look at what works in other teams, and what to borrow.",
	"Reflection on progress so far and the plan for the next weeks.",
}

var eventBlurbs = []string{
	"Please join a few minutes early; the link opens ten minutes before.",
	"Bring one current challenge you would like to work on.",
	"The recording and slides are shared afterwards.",
	"Agenda: check-in, main exercise, commitments.",
}
