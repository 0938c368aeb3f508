import { secretsEqual } from '../../api/constant-time';
import { addressedToLoopback } from '../../api/request-rules';
import { InvalidRequestError, NotFoundError, ServiceError } from '../../engine/index';
import type { PageCall } from '../answers';
import { type Html, html } from '../html';
import { fieldError, invalidAttributes } from '../layout';

/**
 * What changes the mock (its clock, its faults) is the admin routes' business, by their rule: off
 * without them, behind their token when one is set, and otherwise only for a page addressed to a
 * loopback host. `subject` and `change` name it in the messages: `The clock` `moves`.
 *
 * @example
 * ```ts
 * await requireAdmin(call, 'A fault', 'is removed');
 * ```
 */
export async function requireAdmin(call: PageCall, subject: string, change: string): Promise<void> {
  if (!call.settings.admin)
    throw new NotFoundError(`${subject} needs the admin routes, which this server has off.`);
  if (call.settings.adminToken === undefined) {
    const host = call.request.headers.host;
    if (host !== undefined && !addressedToLoopback(host)) {
      throw new ServiceError(
        'permission_error',
        403,
        `${subject} ${change} only from a page addressed to a loopback host (127.0.0.1, localhost or [::1]) while the server has no admin token; this one was addressed to "${host.slice(0, 100)}". Open the dashboard through a loopback address, or start the server with --admin-token.`,
      );
    }
    return;
  }
  if (!(await secretsEqual(call.form.get('admin_token') ?? '', call.settings.adminToken))) {
    throw new InvalidRequestError(
      'That admin token is not the one this server was started with.',
      'admin_token',
    );
  }
}

/** The admin token field of a form that changes the mock, when the server has a token. */
export function adminTokenField(call: PageCall, id = 'admin_token'): Html {
  if (call.settings.adminToken === undefined) return html``;
  return html`<label for="${id}">Admin token</label><input type="password" id="${id}" name="admin_token" required autocomplete="off"${invalidAttributes(call.flash, 'admin_token')}>${fieldError(call.flash, 'admin_token')}<p class="hint">This server guards its admin routes with a token (--admin-token).</p>`;
}
