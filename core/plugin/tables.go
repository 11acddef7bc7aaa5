package plugin

// TableNames are the names of the tables the plugins declare.
func TableNames(plugins []Plugin) []string {
	var out []string
	for _, p := range plugins {
		if tp, ok := p.(Tabler); ok {
			for _, t := range tp.Tables() {
				out = append(out, t.Name)
			}
		}
	}
	return out
}
