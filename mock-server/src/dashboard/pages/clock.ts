import { ClockAdvanceParams } from '@rankquill/contract';
import { InvalidRequestError, isoTime, NotFoundError } from '../../engine/index';
import { parseInput } from '../../engine/kernel/validation';
import { type PageCall, type Route, redirect } from '../answers';
import { field } from '../form';
import { durationText, timeOf } from '../format';
import { html } from '../html';
import { buttonForm, csrfInput, fieldError, invalidAttributes, previousValue } from '../layout';
import { localPath } from '../urls';
import { adminTokenField, requireAdmin } from './admin-guard';

const UNITS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 };
const QUICK_SPANS: [string, string][] = [
  ['1', 'minutes'],
  ['40', 'minutes'],
  ['1', 'hours'],
  ['1', 'days'],
];

/** The mock's clock (admin routes on): the current instant, advance by a chosen span, reset to the seed. */
export const clockRoutes: Route[] = [
  { method: 'GET', path: '/clock', handler: clock },
  {
    method: 'POST',
    path: '/clock/advance',
    back: () => '/clock',
    handler: async (call) => {
      await requireAdmin(call, 'The clock', 'moves');
      const amount = field(call.form, 'amount');
      const unit = UNITS[field(call.form, 'unit')];
      if (unit === undefined) {
        throw new InvalidRequestError('Choose a unit: seconds, minutes, hours or days.', 'unit');
      }
      const number = amount === '' ? Number.NaN : Number(amount);
      if (!Number.isFinite(number)) {
        throw new InvalidRequestError('`amount` must be a number, such as 5.', 'amount');
      }
      const { seconds } = parseSpan(number * unit);
      const now = await call.engine.advance(seconds);
      const origin = new URL(call.request.baseUrl ?? 'http://localhost').origin;
      return redirect(localPath(call.form.get('return_to'), origin, '/clock'), {
        kind: 'success',
        message: `The clock moved ${durationText(seconds)} to ${isoTime(now)}; the work that fell due ran in time order.`,
      });
    },
  },
  {
    method: 'POST',
    path: '/clock/reset',
    back: () => '/clock',
    handler: async (call) => {
      await requireAdmin(call, 'The clock', 'moves');
      await call.engine.reset();
      return redirect('/clock', {
        kind: 'success',
        message: 'Reset to the seed: every change is gone and the demo data is back.',
      });
    },
  },
];

async function clock(call: PageCall) {
  if (!call.settings.admin)
    throw new NotFoundError('The clock page needs the admin routes, which this server has off.');
  const manual = call.engine.clockMode === 'manual';
  const { flash } = call;
  const token = call.session.csrfToken;
  return {
    kind: 'page' as const,
    title: 'Clock',
    body: html`<h1>Clock</h1>
<p class="figure">${timeOf(call.engine.now())}</p>
<p>${manual ? 'A manual clock: it moves only when you move it. Generations finish, deliveries are retried and rankings are checked as it passes their instants.' : 'The real clock: it cannot be moved.'}</p>
${
  manual
    ? html`<section class="card" aria-labelledby="advance-heading"><h2 id="advance-heading">Move the clock forward</h2>
<form method="post" action="/clock/advance">${csrfInput(token)}
<label for="amount">By</label><input type="number" id="amount" name="amount" min="0" step="any" required value="${previousValue(flash, 'amount', '1')}"${invalidAttributes(flash, 'amount')}>${fieldError(flash, 'amount')}
<label for="unit">Unit</label><select id="unit" name="unit">${Object.keys(UNITS).map(
        (unit) =>
          html`<option value="${unit}"${previousValue(flash, 'unit', 'minutes') === unit ? ' selected' : ''}>${unit}</option>`,
      )}</select>
${adminTokenField(call)}
<button type="submit">Move the clock</button></form>
${call.settings.adminToken === undefined ? html`<p>Or by</p><div class="actions">${QUICK_SPANS.map(([amount, unit]) => buttonForm(token, '/clock/advance', `${amount} ${unit === 'hours' ? 'hour' : unit === 'days' ? 'day' : amount === '1' ? 'minute' : unit}`, { style: 'secondary', hidden: { amount, unit } }))}</div>` : ''}
</section>`
    : ''
}
<section class="card" aria-labelledby="reset-heading"><h2 id="reset-heading">Reset to the seed</h2>
<p>Removes every change: projects, content, keywords, webhooks, exports. The seeded demo data comes back${manual ? ' and the clock goes back to its start' : ''}.</p>
<form method="post" action="/clock/reset">${csrfInput(token)}${adminTokenField(call, 'reset_admin_token')}<label class="check"><input type="checkbox" name="confirm" value="yes" required> Remove every change</label><button type="submit" class="danger">Reset</button></form></section>`,
  };
}

/** The span checked as the admin route checks it: 0 to 365 days. */
function parseSpan(seconds: number) {
  try {
    return parseInput(ClockAdvanceParams, { seconds });
  } catch (error) {
    if (error instanceof InvalidRequestError) {
      throw new InvalidRequestError('The clock moves by 0 seconds up to 365 days at a time.', 'amount');
    }
    throw error;
  }
}
