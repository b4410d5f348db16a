import { isCutShort } from '../browser/http';
import type { Logger } from '../logging/types';
import { type ApiCallDeps, apiGet, callUrl, jsonObjectOf } from './call';

/**
 * The server's version text. A `message` that is not a string is treated like no answer
 * rather than stringified: `[object Object]` in the header helps nobody.
 */
export async function loadVersion(deps: ApiCallDeps): Promise<string> {
  const message = jsonObjectOf(await apiGet(deps, 'info/version'))?.message;
  return typeof message === 'string' ? message : '';
}

interface CloudCheckDeps extends ApiCallDeps {
  log: Pick<Logger, 'error'>;
}

export type CloudCheck = (deps: CloudCheckDeps) => Promise<boolean>;

/**
 * A cloud check that asks each URL once and shares the answer, failures included: whether the
 * instance is in the vendor's cloud does not change while the page lives. Status 200 means yes,
 * whatever the body; any other status is a plain "no"; no answer at all (network failure,
 * timeout) is the error case, logged. A check cut short by the page leaving is neither logged
 * nor kept: a page that stays after all (a cancelled navigation) asks again.
 */
export function createCloudCheck(): CloudCheck {
  const answers = new Map<string, Promise<boolean>>();
  return (deps) => {
    const url = callUrl(deps, 'info/cloudinstance');
    let answer = answers.get(url);
    if (!answer) {
      // The page's check, shared by its clients: not one client's to abort when it ends.
      answer = apiGet({ ...deps, signal: undefined }, 'info/cloudinstance', false)
        .then((result) => {
          if (isCutShort(result)) answers.delete(url);
          else if (result.tag === 'noAnswer') deps.log.error(`cloud instance check failed: no answer from ${url}`);
          return result.tag === 'answer' && result.status === 200;
        })
        // A logger that throws must not turn "not cloud" into a rejection cached for the page.
        .catch(() => false);
      answers.set(url, answer);
    }
    return answer;
  };
}
