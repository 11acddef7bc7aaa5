// Stands in for react-style-singleton's singleton.js (build.mjs swaps it
// in). react-remove-scroll-bar, through Radix's dialogs and menus, adds a
// stylesheet while one is open; the original makes a <style> element,
// which the page's CSP (style-src 'self', no 'unsafe-inline') refuses.
// This one makes a constructed stylesheet adopted by the document: CSSOM,
// which style-src does not govern. Same API, same counting.
export var stylesheetSingleton = function () {
  var counter = 0;
  var sheet = null;
  return {
    add: function (style) {
      if (counter == 0) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter++;
    },
    remove: function () {
      counter--;
      if (!counter && sheet) {
        var gone = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter(function (s) { return s !== gone; });
        sheet = null;
      }
    },
  };
};
