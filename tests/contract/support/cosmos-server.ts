/**
 * Starts `@vercel/cosmosdb-server`, an in-memory stand-in for the Cosmos DB
 * NoSQL API, on a random loopback port for contract tests.
 */
import type { AddressInfo } from 'node:net';
import { Agent } from 'node:https';

import { createHttpsServer } from '@vercel/cosmosdb-server';

export interface CosmosTestServer {
  endpoint: string;
  /** The stand-in accepts any base64 key; this one only has to look like an account key. */
  key: string;
  /**
   * Trusts the stand-in's self-signed certificate for this client only,
   * instead of turning TLS checks off process-wide (NODE_TLS_REJECT_UNAUTHORIZED).
   */
  agent: Agent;
  /** Passed to the client: the stand-in has one endpoint, there are no regions to discover. */
  connectionPolicy: { enableEndpointDiscovery: false };
  stop(): Promise<void>;
}

export async function startCosmosServer(): Promise<CosmosTestServer> {
  const server = createHttpsServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ rejectUnauthorized: false, keepAlive: true });
  return {
    endpoint: `https://127.0.0.1:${port}`,
    key: Buffer.from('cosmos-contract-test-key').toString('base64'),
    agent,
    connectionPolicy: { enableEndpointDiscovery: false },
    async stop() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
