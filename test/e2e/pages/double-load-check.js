// Runs between the two copies of the bundle in double-load-check.html: remembers the first EMWeb.
window.__firstEMWeb = window.EMWeb;
window.__firstLogger = window.EMWeb?.logger;
