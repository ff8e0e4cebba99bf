import { randomUUID } from 'node:crypto';

/**
 * jest setupFilesAfterEnv of the service workspaces: every test file publishes and consumes events
 * on a topic exchange of its own (EVENTS_EXCHANGE, which the services read), inside the run's
 * vhost, as it has databases of its own: the events one file publishes never reach the consumers
 * another file runs at the same time (each would send its own email). An exchange rather than a
 * vhost per file: making and deleting dozens of vhosts in a run wedged RabbitMQ 3.10's vhost
 * supervisor (docs/conventions.md, Tests), while an exchange is one cheap declaration.
 */
process.env.EVENTS_EXCHANGE = `altmed.events.test-${randomUUID().slice(0, 8)}`;
