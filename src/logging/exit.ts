/**
 * Page exit: the page turned hidden or is going away, and may never run again (hidden pages get
 * discarded). Delivery stores every batch for the next page, then sends what it can at once; a
 * page that stays carries on, and once it is visible again the stored copy goes.
 */
import type { Delivery } from './delivery';
import type { PageEvents } from './lifecycle';

export function pageExit(delivery: Delivery): Pick<PageEvents, '_leave' | '_resume'> {
  return {
    _leave() {
      delivery._store();
      delivery._drain();
    },
    _resume: delivery._unstore,
  };
}
