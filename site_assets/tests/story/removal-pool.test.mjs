// Unit tests for the pool that shares one guess's removals among workers (story/removal-pool.js),
// with stand-in workers whose "loss" with head h off is a number the test chooses.
// node --test site_assets/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { poolSize, RemovalPool } from '../../story/removal-pool.js';

/** A stand-in worker: the loss with head h off is lossOf(h); it records the heads it ran. */
function standIn(lossOf, { fail = null, delay = 1 } = {}) {
  return {
    ran: [],
    ready: Promise.resolve(),
    stopped: false,
    async removeHeads(ids, token, heads) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (fail && heads.includes(fail.head)) throw new Error(fail.message);
      this.ran.push(...heads);
      return { losses: Float32Array.from(heads, lossOf) };
    },
    stop() {
      this.stopped = true;
    },
  };
}

const story = { ids: [0, 5, 6, 7], token: 3, heads: 12, intact: 0.5 };

test('one worker per core the browser reports, at most four, two on a touch screen or where memory is small', () => {
  assert.equal(poolSize({ hardwareConcurrency: 2 }, false), 2);
  assert.equal(poolSize({ hardwareConcurrency: 16 }, false), 4);
  assert.equal(poolSize({ hardwareConcurrency: 16, deviceMemory: 8 }, false), 4);
  assert.equal(poolSize({ hardwareConcurrency: 8, deviceMemory: 2 }, false), 2);
  assert.equal(poolSize({ hardwareConcurrency: 8 }, true), 2);
  assert.equal(poolSize({ hardwareConcurrency: 1 }, true), 1);
  assert.equal(poolSize({}, false), 1);
  assert.equal(poolSize(undefined, false), 1);
});

test('every head is removed once, by one worker or another, each cost its loss minus the intact one', async () => {
  const own = standIn((h) => h + 1);
  const copies = [];
  const pool = new RemovalPool('w.js', {}, own, 3, () => copies[copies.push(standIn((h) => h + 1)) - 1]);
  const progress = [];
  const answer = await pool.remove(story, (done) => progress.push(done));
  assert.equal(answer.kind, 'removals');
  assert.deepEqual(
    Array.from(answer.removal),
    Array.from({ length: 12 }, (_, h) => h + 0.5),
  );
  assert.deepEqual(
    progress,
    Array.from({ length: 12 }, (_, i) => i + 1),
  );
  const ran = [own, ...copies].flatMap((w) => w.ran).sort((a, b) => a - b);
  assert.deepEqual(
    ran,
    Array.from({ length: 12 }, (_, h) => h),
  );
  assert.equal(copies.length, 2);
  assert.ok(
    copies.every((c) => c.ran.length > 0),
    'the copies took heads too',
  );
});

test('a copy that fails leaves its head to the others; one that cannot load is stopped', async () => {
  const own = standIn((h) => h);
  const broken = standIn((h) => h, { fail: { head: 1, message: 'out of memory' } });
  const unloadable = { ...standIn((h) => h), ready: Promise.reject(new Error('no')) };
  const made = [broken, unloadable];
  const pool = new RemovalPool('w.js', {}, own, 3, () => made.shift());
  const answer = await pool.remove(story);
  assert.equal(answer.kind, 'removals');
  assert.deepEqual(
    Array.from(answer.removal),
    Array.from({ length: 12 }, (_, h) => h - 0.5),
  );
  assert.ok(broken.stopped && unloadable.stopped);
  assert.deepEqual(pool.copies, []);
});

test('a head left by a copy that failed after the queue ran dry is taken by the story worker', async () => {
  const own = standIn((h) => h);
  const slowBroken = standIn((h) => h, { fail: { head: 1, message: 'lost' }, delay: 20 });
  const pool = new RemovalPool('w.js', {}, own, 2, () => slowBroken);
  const answer = await pool.remove({ ...story, heads: 2 });
  assert.equal(answer.kind, 'removals');
  assert.deepEqual(Array.from(answer.removal), [-0.5, 0.5]);
  assert.deepEqual(own.ran, [0, 1]);
  assert.ok(slowBroken.stopped);
});

test('the story worker failing fails the removals; cancel() and a stale answer end them as stale', async () => {
  const failing = new RemovalPool(
    'w.js',
    {},
    standIn((h) => h, { fail: { head: 0, message: 'broken' } }),
    1,
  );
  await assert.rejects(failing.remove(story), /broken/);

  const slow = new RemovalPool(
    'w.js',
    {},
    standIn((h) => h),
    1,
  );
  const pending = slow.remove(story);
  slow.cancel();
  assert.deepEqual(await pending, { kind: 'stale' });

  const staleOwn = { ...standIn((h) => h), removeHeads: async () => ({ kind: 'stale' }) };
  assert.deepEqual(await new RemovalPool('w.js', {}, staleOwn, 1).remove(story), { kind: 'stale' });
});

test('a new removal makes the one under way stale', async () => {
  const pool = new RemovalPool(
    'w.js',
    {},
    standIn((h) => h),
    1,
  );
  const first = pool.remove(story);
  const second = pool.remove(story);
  assert.deepEqual(await first, { kind: 'stale' });
  assert.equal((await second).kind, 'removals');
});
