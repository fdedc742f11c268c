import { openCliDatabase } from './database.js';

// `npm run migrate`: applies the migrations to DATABASE_URL, or to the embedded database in
// ${DATA_DIR}/db, and exits (1 on failure), for deploys that migrate before starting replicas.
// It takes the same start-up lock as the api (decision 0213), so replicas started meanwhile wait.

const database = await openCliDatabase();
await database.close();
console.error('migrations: up to date');
