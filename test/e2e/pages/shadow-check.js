// Builds the shadow roots of shadow-check.html (DOM calls only: no innerHTML, so Trusted Types is fine too).
(() => {
  function fill(host, mode, label) {
    var root = host.attachShadow({ mode: mode });
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'inside';
    button.textContent = label;
    root.appendChild(button);
  }
  fill(document.getElementById('open-host'), 'open', 'Inside open shadow');
  fill(document.getElementById('closed-host'), 'closed', 'Inside closed shadow');
})();
