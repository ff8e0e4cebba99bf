import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * Drops the x-request-id of a request that does not come straight from the proxy REQUEST_ID_PROXY
 * names, so the access log (service-kit's requestIdFor) makes the gateway's own. A client then
 * cannot choose the id its logs and trace are found by, nor file many requests under one id.
 */
export function requestIdFilter(proxy: readonly string[]): (req: IncomingMessage) => void {
  const fromProxy = proxyaddr.compile([...proxy]);
  return (req) => {
    if (req.headers['x-request-id'] !== undefined && !fromProxy(req.socket.remoteAddress ?? '', 0)) delete req.headers['x-request-id'];
  };
}
