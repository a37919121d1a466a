/**
 * The embedded database on its own thread (docs/decisions/022-embedded-database-off-the-http-thread.md).
 * PGlite is PostgreSQL compiled to WebAssembly: every statement runs on the thread that calls it.
 * Here that is this worker, so the HTTP thread keeps answering (and shedding) while statements run.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { type Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite-open.ts';
import { ResultParsers } from './pglite-parsers.ts';
import { PreparedStatements } from './pglite-prepared.ts';
import { CHANGE_CHANNELS, errorData, type Notice, type Ready, type Reply, type Request, type WorkerStart } from './pglite-protocol.ts';

const port = parentPort!;
const start = workerData as WorkerStart;

type Statement = Extract<Request, { op: 'query' | 'exec' }>;
type TxMessage = Statement | Extract<Request, { op: 'end' }>;

const statements = new PreparedStatements();

let resultParsers: ResultParsers;

async function run(target: PGlite | Transaction, msg: Statement, inTransaction: boolean): Promise<unknown> {
  const parsers = resultParsers.differencesFor(msg.op === 'query' ? msg.textTypes : undefined);
  if (msg.op === 'exec') return target.exec(msg.sql, parsers ? { parsers } : undefined);
  const options = { rowMode: msg.rowMode ?? 'object', ...(parsers ? { parsers } : {}) } as const;
  const params = msg.params ?? [];
  const execute = await statements.rewrite(msg.sql, params, target, inTransaction);
  if (!execute) return target.query(msg.sql, params, options);
  // An EXECUTE has no parameters left, so it goes as one simple-protocol message: PGlite's query()
  // enters the WebAssembly backend six times (parse, describe, bind, describe, execute, sync), its
  // exec() twice, with the same parsed answer. literalArgs keeps it to one statement.
  const [result] = await target.exec(execute, options);
  return result;
}

/**
 * Replies leave in batches, one message per turn of this thread's loop: under load a message's
 * own cost (about a fifth of this thread's time when each reply was sent alone) is shared by every
 * reply ready in that turn, and a lone reply waits no longer than the turn.
 */
let outbox: (Reply | Notice)[] = [];
function send(reply: Reply | Notice, transfer?: ArrayBuffer): void {
  if (transfer) {
    port.postMessage([...outbox.splice(0), reply], [transfer]);
    return;
  }
  if (outbox.length === 0) setImmediate(flush);
  outbox.push(reply);
}
function flush(): void {
  if (outbox.length === 0) return;
  const batch = outbox;
  outbox = [];
  port.postMessage(batch);
}

function reply(id: number, work: Promise<unknown>): Promise<void> {
  return work.then(
    (value) => send({ id, ok: true, value }),
    (err: unknown) => send({ id, ok: false, error: errorData(err) }),
  );
}

/** Statements of an open transaction arrive as messages; the transaction waits for each in turn. */
class Inbox {
  private queue: TxMessage[] = [];
  private waiter: ((msg: TxMessage) => void) | null = null;
  push(msg: TxMessage): void {
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(msg);
    } else this.queue.push(msg);
  }
  next(): Promise<TxMessage> {
    const msg = this.queue.shift();
    if (msg) return Promise.resolve(msg);
    return new Promise((resolve) => (this.waiter = resolve));
  }
}

class RolledBack extends Error {}

async function main(): Promise<void> {
  const pg = await openPglite(start);
  resultParsers = new ResultParsers(pg);
  // PGlite calls a listener (in a microtask) while it reads the answer of the statement or commit
  // that sent the notification, before that statement's own promise settles, so the notice is
  // queued ahead of the reply. This one session is the only one there is: every write is seen.
  for (const channel of CHANGE_CHANNELS) await pg.listen(channel, (payload) => send({ channel, payload }));
  const open = new Map<number, Inbox>();

  const transaction = (begin: number): Promise<unknown> => {
    const inbox = new Inbox();
    open.set(begin, inbox);
    let endId = 0;
    const done = pg
      .transaction(async (tx) => {
        send({ id: begin, ok: true, value: null });
        for (;;) {
          const msg = await inbox.next();
          if (msg.op === 'end') {
            endId = msg.id;
            if (!msg.commit) throw new RolledBack();
            return;
          }
          await reply(msg.id, run(tx, msg, true));
        }
      })
      .then(
        () => ({ ok: true as const }),
        (err: unknown) => ({ ok: false as const, err }),
      )
      .then((outcome) => {
        open.delete(begin);
        if (!endId) {
          // The transaction could not start: its begin is answered with the error.
          if (!outcome.ok) send({ id: begin, ok: false, error: errorData(outcome.err) });
          return;
        }
        if (outcome.ok || outcome.err instanceof RolledBack) send({ id: endId, ok: true, value: null });
        else send({ id: endId, ok: false, error: errorData(outcome.err) });
      });
    return done;
  };

  const toTransaction = (msg: TxMessage) => {
    const inbox = msg.tx === undefined ? undefined : open.get(msg.tx);
    if (inbox) inbox.push(msg);
    else send({ id: msg.id, ok: false, error: { name: 'Error', message: 'transaction is not open' } });
  };

  port.on('message', (msg: Request) => {
    switch (msg.op) {
      case 'query':
      case 'exec':
        if (msg.tx === undefined) void reply(msg.id, run(pg, msg, false));
        else toTransaction(msg);
        return;
      case 'begin':
        void transaction(msg.id);
        return;
      case 'end':
        toTransaction(msg);
        return;
      case 'dump':
        void pg.dumpDataDir('none').then(
          async (blob) => {
            const buffer = await blob.arrayBuffer();
            send({ id: msg.id, ok: true, value: buffer }, buffer);
          },
          (err: unknown) => send({ id: msg.id, ok: false, error: errorData(err) }),
        );
        return;
      case 'close':
        void reply(msg.id, pg.close());
    }
  });
  port.postMessage({ ready: true } satisfies Ready);
}

main().catch((err: unknown) => port.postMessage({ ready: false, error: errorData(err) } satisfies Ready));
