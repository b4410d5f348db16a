// Runs when the parser gets here (see head-mount.html): notes whether the mount element existed yet
// and when, for the check to compare with the start-up requests.
window.__e2eGate = { mountExisted: document.getElementById('emweb') !== null, at: performance.now() };
