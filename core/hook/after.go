package hook

import "github.com/kiln-cms/kiln/core/schema"

// Value is a scalar field's value as it will be after the write: the
// input's when it names the field, else the stored entry's (Entry, loaded
// before an update's hooks run), else nil on a create.
func (ev *Event) Value(a *schema.Attribute) any {
	if ev.Data != nil {
		if v, ok := ev.Data.Values[a]; ok {
			return v
		}
	}
	if ev.Entry != nil {
		v, _ := ev.Entry.Get(a)
		return v
	}
	return nil
}
