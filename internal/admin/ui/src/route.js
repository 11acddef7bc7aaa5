// The panel's address: the part after # says the page.

import { useEffect, useState } from 'preact/hooks';

// leaveGuard, when a form holds unsaved changes, asks whether to leave it;
// a no keeps the address and the form as they are.
let leaveGuard = null;

// guardLeaving sets the question, or takes it away (null).
export function guardLeaving(ask) {
  leaveGuard = ask;
}

// useRoute is the part of the address after #: /content/<apiID>,
// /settings/webhooks...
export function useRoute() {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const on = (e) => {
      if (leaveGuard && !leaveGuard()) {
        history.replaceState(null, '', e.oldURL);
        return;
      }
      setHash(window.location.hash);
    };
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return hash.replace(/^#/, '');
}
