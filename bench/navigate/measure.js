// One move, measured in the page the same way for both routers: a click on the shown screen's link
// (HTMLElement.click(), a composed click that reaches a shadow root's listener as a pointer's does),
// the new screen's heading in the DOM (a MutationObserver on the screen's root sees it), and the
// frame after it painted (requestAnimationFrame, then a task).
window.navMove = (root) =>
  new Promise((resolve) => {
    const link = root().querySelector('a[href^="/web/"]');
    const want = `Screen ${link.getAttribute('href').slice('/web/'.length)}`;
    let committed = 0;
    const shown = () => root().querySelector('h2')?.textContent === want;
    const observer = new MutationObserver(() => {
      if (committed || !shown()) return;
      committed = performance.now();
      observer.disconnect();
      requestAnimationFrame(() =>
        setTimeout(() => resolve({ committed: committed - start, painted: performance.now() - start })),
      );
    });
    observer.observe(root(), { childList: true, subtree: true, characterData: true });
    const start = performance.now();
    link.click();
  });
window.navRun = async (root, moves) => {
  const times = [];
  for (let i = 0; i < moves; i++) times.push(await window.navMove(root));
  return times;
};
