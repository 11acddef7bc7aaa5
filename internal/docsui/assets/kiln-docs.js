// Kiln's start-up script for Swagger UI, a file of its own so that the
// page's Content-Security-Policy needs no inline script. It lists the API
// versions from /api/versions in the switcher, renders the one the
// address names (?version=v1) or the latest, and re-renders on a switch.
// It loads before the bundle so that it sees every CSP violation: each is
// listed in #kiln-csp-violations (hidden), where the browser test looks.
(function () {
  "use strict";

  document.addEventListener("securitypolicyviolation", function (e) {
    var li = document.createElement("li");
    li.textContent = e.effectiveDirective + " " + (e.blockedURI || "inline");
    document.getElementById("kiln-csp-violations").appendChild(li);
  });

  function render(url) {
    document.getElementById("kiln-raw").href = url;
    window.ui = SwaggerUIBundle({
      url: url,
      dom_id: "#swagger-ui",
      deepLinking: true,
      displayOperationId: true,
      filter: true,
      // The validator badge would send the document to another host.
      validatorUrl: null,
      presets: [SwaggerUIBundle.presets.apis],
      layout: "BaseLayout"
    });
  }

  function wanted() {
    var m = /[?&]version=([^&#]*)/.exec(window.location.search);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function start() {
    var select = document.getElementById("kiln-version");
    fetch("/api/versions", { headers: { Accept: "application/json" } })
      .then(function (r) {
        if (!r.ok) { throw new Error("GET /api/versions answered " + r.status); }
        return r.json();
      })
      .then(function (body) {
        var versions = body.data || [];
        var chosen = null;
        versions.forEach(function (v) {
          var opt = document.createElement("option");
          opt.value = v.version;
          opt.textContent = v.version + " (" + v.status + (v.latest ? ", latest" : "") + ")";
          select.appendChild(opt);
          if (v.version === wanted() || (!wanted() && v.latest)) { chosen = v; }
        });
        chosen = chosen || versions[versions.length - 1];
        select.value = chosen.version;
        select.addEventListener("change", function () {
          var v = versions.filter(function (x) { return x.version === select.value; })[0];
          window.history.replaceState(null, "", "?version=" + encodeURIComponent(v.version));
          render(v.openapi);
        });
        render(chosen.openapi);
      })
      .catch(function () {
        select.disabled = true;
        render("/api/openapi.json");
      });
  }

  document.addEventListener("DOMContentLoaded", start);
})();
