// The /logs/ page: follows /logs/events and puts each batch first. Everything the server received
// is set as text, never as HTML.
(() => {
  const list = document.getElementById('batches');
  const status = document.getElementById('status');
  const counts = { batches: 0, entries: 0 };

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const time = (iso) => (typeof iso === 'string' ? iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : '(no time)');

  function stackView(stack) {
    const details = el('details', 'stack');
    details.open = true;
    details.append(el('summary', '', stack.title), el('pre', '', stack.frames.join('\n')));
    return details;
  }

  function entryView(entry) {
    const item = el('li', `entry level-${entry.level.toLowerCase()}`);
    const line = el('p', 'line');
    line.append(
      el('span', 'level', entry.level),
      ' ',
      el('time', '', time(entry.timestamp)),
      ' ',
      el('span', 'message', entry.message),
    );
    item.append(line);
    if (entry.repeated)
      item.append(el('p', 'grouped', `Grouped: ${entry.repeated} occurrences, the first at ${time(entry.firstTimestamp)}`));
    if (entry.context !== undefined) {
      const context = el('p', 'context', 'Context ');
      context.append(el('code', '', JSON.stringify(entry.context)));
      item.append(context);
    }
    for (const stack of entry.stacks) item.append(stackView(stack));
    return item;
  }

  function batchView(batch) {
    const section = el('section', batch.duplicate ? 'batch duplicate' : 'batch');
    const heading = el(
      'h2',
      '',
      `${batch.how} ${batch.path} → ${batch.status}, ${batch.entries.length} ${batch.entries.length === 1 ? 'entry' : 'entries'}`,
    );
    heading.id = `batch-${batch.id}`;
    section.setAttribute('aria-labelledby', heading.id);
    const meta = el('p', 'meta', `Received ${time(batch.receivedAt)} · key `);
    meta.append(el('code', '', batch.key ?? 'none'));
    if (batch.duplicate) meta.append(' · ', el('strong', 'badge', 'Duplicate: answered 2xx, not stored again'));
    section.append(heading, meta);
    for (const warning of batch.warnings) section.append(el('p', 'warning', warning));
    const entries = el('ol', 'entries');
    entries.append(...batch.entries.map(entryView).reverse());
    section.append(entries);
    return section;
  }

  function say(text) {
    status.textContent = text;
  }

  const source = new EventSource('/logs/events');
  source.onopen = () => say(`Following: ${counts.batches} batches, ${counts.entries} entries so far.`);
  source.onerror = () => say('The demo server is not answering: trying again…');
  source.onmessage = (message) => {
    const batch = JSON.parse(message.data);
    document.getElementById('empty')?.remove();
    list.prepend(batchView(batch));
    counts.batches += 1;
    counts.entries += batch.entries.length;
    say(`Following: ${counts.batches} batches, ${counts.entries} entries so far.`);
  };
})();
