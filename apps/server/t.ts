import pg from 'pg';
const c = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres'); await c.connect();
await c.query('create temp table t (id int primary key, n int)'); await c.query('insert into t values (1, 3)');
const r = await c.query(`update t set n = 0 from (select id, n from t where id = 1 for update) old where t.id = old.id returning old.n as previous`);
console.log(r.rows);
await c.end();
