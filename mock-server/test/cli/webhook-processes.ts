import { afterAll } from 'vitest';
import { type CliProcess, startCli } from '../support/cli-process';
import { type RecordingReceiver, startRecordingReceiver } from '../support/recording-receiver';

/** The x-service-key secret the servers and receivers of the webhook CLI tests share. */
export const SECRET = 'rq_whsec_e2e_5f1d0c9a';
/** A signing secret in its `whsec_` form (32 bytes). */
export const SIGNING_SECRET = `whsec_${Buffer.alloc(32, 0x2a).toString('base64')}`;

/**
 * What a webhook CLI test file starts: `rankquill-mock` processes and receivers in the test
 * process. Everything started is stopped after the file's tests, also when one fails; then
 * `afterStop` runs (to remove files the processes used).
 */
export function useWebhookProcesses({ afterStop }: { afterStop?: () => void } = {}) {
  const running: CliProcess[] = [];
  const receivers: RecordingReceiver[] = [];
  afterAll(async () => {
    await Promise.all(running.map((process) => process.stop('SIGKILL')));
    await Promise.all(receivers.map((receiver) => receiver.close()));
    afterStop?.();
  });
  return {
    /** Starts `rankquill-mock <command> <args>` and answers once it is ready. */
    async start(args: string[], command = 'serve') {
      const cli = await startCli(args, command);
      running.push(cli);
      return cli;
    },
    /** A receiver in the test process that records every request and answers with `status()`. */
    async recordingReceiver(status: (attempt: number) => number) {
      const receiver = await startRecordingReceiver({ status });
      receivers.push(receiver);
      return receiver;
    },
  };
}
