import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isWebhookEventName, WEBHOOK_EVENT_NAMES } from '@rankquill/contract';
import { buildWebhookRequest } from '../engine/webhooks/request';
import { sampleEvent } from '../engine/webhooks/samples';
import { FetchWebhookSender } from '../engine/webhooks/sender';
import { nodeWebhookSigner } from '../runtime/node-webhook-signer';
import { signingSecretOption } from './signing-secret-option';
import { CliUsageError } from './usage-error';

export const TRIGGER_USAGE = `rankquill-mock trigger <event> --to URL --secret S [--signing-secret whsec_...] [options]

Sends a sample of <event> to a webhook receiver the way the service does (x-service-key,
x-service-event, x-service-delivery, webhook-id and webhook-timestamp from this machine's clock;
webhook-signature only with a signing secret) and prints the receiver's answer as one JSON line.
Exits 0 on a 2xx answer, 1 otherwise. Events: ${WEBHOOK_EVENT_NAMES.join(', ')}.

  --to URL            the receiver's webhook URL (required)
  --secret S          the webhook secret, sent as x-service-key (required)
  --signing-secret S  sign the delivery with this signing secret (whsec_ + base64)
  --language L      language of the sample article                (default en)
  --project-id ID   project id put in the sample                  (default proj_sample)
`;

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `rankquill-mock trigger`: one delivery, one answer. */
export async function trigger(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      secret: { type: 'string' },
      'signing-secret': { type: 'string' },
      language: { type: 'string', default: 'en' },
      'project-id': { type: 'string', default: 'proj_sample' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(TRIGGER_USAGE);
    return;
  }
  const [event, ...extra] = positionals;
  if (!event || !isWebhookEventName(event) || extra.length > 0) {
    throw new CliUsageError(
      `${event ? `unknown event "${positionals.join(' ')}"` : 'an event is required'}; use one of: ${WEBHOOK_EVENT_NAMES.join(', ')}.`,
    );
  }
  if (!values.to || !URL.canParse(values.to) || !/^https?:$/.test(new URL(values.to).protocol)) {
    throw new CliUsageError(
      `--to must be the receiver's absolute http(s) URL, such as http://127.0.0.1:4020/webhook.`,
    );
  }
  if (!values.secret) throw new CliUsageError('--secret is required: the secret the receiver expects.');
  const signingSecret = signingSecretOption(values['signing-secret']);
  const at = Date.now();
  const deliveryId = `dlv_${Array.from(randomBytes(13), (byte) => ID_ALPHABET[byte % 32]).join('')}`;
  const body = JSON.stringify(
    sampleEvent(event, { projectId: values['project-id'], language: values.language, at }),
  );
  const request = await buildWebhookRequest(
    {
      url: values.to,
      secret: values.secret,
      event,
      deliveryId,
      at,
      body,
      signingSecrets: signingSecret === undefined ? [] : [signingSecret],
    },
    nodeWebhookSigner,
  );
  const answer = await new FetchWebhookSender().send(request);
  let parsed: unknown = answer.body;
  try {
    parsed = JSON.parse(answer.body);
  } catch {}
  process.stdout.write(
    `${JSON.stringify({ event, delivery_id: deliveryId, status: answer.status, body: parsed, error: answer.error })}\n`,
  );
  if (answer.status === null || answer.status < 200 || answer.status >= 300) process.exitCode = 1;
}
