// Preloaded (node --import) into the services the test kit starts. The test worker that started a
// service holds an IPC channel to it, which closes however the worker ends, SIGKILL included; the
// service then shuts down as on SIGTERM instead of living on, connected to a RabbitMQ vhost that a
// later run deletes.
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
