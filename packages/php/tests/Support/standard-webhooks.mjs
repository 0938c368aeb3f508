// The Standard Webhooks reference libraries (npm `standardwebhooks` and `svix`) for the PHP
// framework matrix, on stdin/stdout:
//   node standard-webhooks.mjs sign <standardwebhooks|svix> <whsec_…> <webhook-id> < body
//     prints the three signature headers as JSON, timestamped now;
//   node standard-webhooks.mjs verify <standardwebhooks|svix> <whsec_…> < {"headers": {...}, "body": "..."}
//     exits 0 when the library verifies the delivery, else 1 with its error.
import { readFileSync } from 'node:fs';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';

const [command, library, secret, id] = process.argv.slice(2);
const libraries = { standardwebhooks: StandardWebhook, svix: SvixWebhook };
if (!libraries[library] || !secret || !['sign', 'verify'].includes(command) || (command === 'sign' && !id)) {
  console.error(
    'usage: node standard-webhooks.mjs sign|verify <standardwebhooks|svix> <whsec_…> [<webhook-id>]',
  );
  process.exit(2);
}
const webhook = new libraries[library](secret);
const input = readFileSync(0, 'utf8');
if (command === 'sign') {
  const now = new Date();
  console.log(
    JSON.stringify({
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': webhook.sign(id, now, input),
    }),
  );
} else {
  const { headers, body } = JSON.parse(input);
  try {
    webhook.verify(body, headers);
  } catch (error) {
    console.error(`${library} refused the delivery: ${error.message}`);
    process.exit(1);
  }
}
