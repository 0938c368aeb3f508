import { connect } from 'node:net';

/**
 * Sends one HTTP/1.1 request over a plain socket, for what fetch will not send: a chosen `Host`,
 * an absolute-form target. Answers the status, the status line and the body as text.
 */
export function rawRequest(
  url: string,
  requestLine: string,
  { host, headers = {}, body = '' }: { host?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; statusLine: string; head: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = [
        `${requestLine} HTTP/1.1`,
        `Host: ${host ?? `${hostname}:${port}`}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'Connection: close',
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => {
      const statusLine = answer.split('\r\n', 1)[0] ?? '';
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0),
        statusLine,
        head: answer.slice(0, answer.indexOf('\r\n\r\n')),
        body: answer.slice(answer.indexOf('\r\n\r\n') + 4),
      });
    });
    socket.on('error', reject);
  });
}
