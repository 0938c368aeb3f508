// Signs a delivery body with a Standard Webhooks reference library, for the PHP framework
// matrix: `node standard-webhooks-sign.mjs <standardwebhooks|svix> <whsec_…> <webhook-id>`
// with the body on stdin prints the three signature headers as JSON, timestamped now.
import { readFileSync } from 'node:fs';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';

const [library, secret, id] = process.argv.slice(2);
const libraries = { standardwebhooks: StandardWebhook, svix: SvixWebhook };
if (!libraries[library] || !secret || !id) {
  console.error(
    'usage: node standard-webhooks-sign.mjs <standardwebhooks|svix> <whsec_…> <webhook-id> < body',
  );
  process.exit(2);
}
const body = readFileSync(0, 'utf8');
const now = new Date();
const signature = new libraries[library](secret).sign(id, now, body);
console.log(
  JSON.stringify({
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signature,
  }),
);
