// Signs a delivery with a Standard Webhooks reference library, for the Ruby tests:
//   node standard_webhooks_sign.mjs <standardwebhooks|svix> <whsec_...> <webhook-id> <unix seconds> < body
// prints the webhook-signature header value.
import { readFileSync } from 'node:fs';
import standardwebhooks from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';

const [library, secret, id, seconds] = process.argv.slice(2);
const Webhook = { standardwebhooks: standardwebhooks.Webhook, svix: SvixWebhook }[library];
if (!Webhook) throw new Error(`unknown library ${library}: use standardwebhooks or svix`);
const body = readFileSync(0, 'utf8');
process.stdout.write(new Webhook(secret).sign(id, new Date(Number(seconds) * 1000), body));
