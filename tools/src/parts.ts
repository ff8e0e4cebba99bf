export interface PartContext {
  /** Where overrides such as MONGO_URL are read from. */
  env: NodeJS.ProcessEnv;
  ports: LocalStackPorts;
  dataDir: string;
  logsDir: string;
  log: (message: string) => void;
  /** A test run's stack: a RabbitMQ node, an SMTP sink and an S3 server of its own beside the developer's (see index.ts). */
  forTests: boolean;
}

export interface LocalStackPorts {
  mongo: number;
  amqp: number;
  smtp: number;
  maildevWeb: number;
  s3: number;
  /** The Stripe emulator's API (and its Stripe.js stand-in). */
  stripe: number;
}

export interface RunningPart {
  name: string;
  env: Record<string, string>;
  /** Stops the part if this stack started it; a no-op for a part that was already answering or given by env. */
  stop: () => Promise<void>;
}

export const nothingToStop = async (): Promise<void> => {};

/** The given variables that are set in `env`. */
export function pickSet(env: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
}
