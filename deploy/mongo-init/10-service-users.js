// One MongoDB user per service, able to read and write its own database and nothing else; the root
// account exists only for this script. The official mongo image runs the files in
// /docker-entrypoint-initdb.d once, as root, when the container starts on an empty data volume.
// On a volume that already holds data, run it by hand (it also resets the passwords):
//   docker compose exec mongo sh -c 'mongosh -u "$MONGO_INITDB_ROOT_USERNAME" -p "$MONGO_INITDB_ROOT_PASSWORD" \
//     --authenticationDatabase admin /docker-entrypoint-initdb.d/10-service-users.js'
/* global db, print -- mongosh provides these to the scripts it runs */
const services = ['identity', 'providers', 'billing', 'notify'];

for (const service of services) {
  const variable = `MONGO_${service.toUpperCase()}_PASSWORD`;
  const password = process.env[variable];
  if (!password) throw new Error(`${variable} is not set: every service needs its own database password`);

  const database = db.getSiblingDB(service);
  const roles = [{ role: 'readWrite', db: service }];
  if (database.getUser(service)) database.updateUser(service, { pwd: password, roles });
  else database.createUser({ user: service, pwd: password, roles });
  print(`MongoDB user ${service}: readWrite on ${service} only`);
}
