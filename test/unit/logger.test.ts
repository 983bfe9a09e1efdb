// The process's log as a log collector reads it: one JSON object per line,
// the level by name, an ISO time, nothing about the host; lines batched, and
// none waiting longer than a tenth of a second.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger.js';
import { until } from '../support/until.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const logFile = () => join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
const textOf = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
const linesOf = (file: string) =>
  textOf(file)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
/** Waits for `count` whole lines in the file: a batch is written within 100 ms, later on a busy machine (the bound has a test of its own). */
const written = (file: string, count: number) => until(() => textOf(file).split('\n').length - 1 >= count);

describe('the log', () => {
  it('writes one JSON object per line: level by name, ISO time, message and fields, no pid or hostname', async () => {
    const file = logFile();
    const logger = createLogger({ logLevel: 'info', env: 'production' }, file);
    const before = Date.now();
    logger.info({ requestId: 'r1', status: 200 }, 'request');
    logger.warn('careful');
    await written(file, 2);
    const [first, second] = linesOf(file);
    expect(Object.keys(first ?? {})).toEqual(['level', 'time', 'requestId', 'status', 'msg']);
    expect(first).toMatchObject({ level: 'info', requestId: 'r1', status: 200, msg: 'request' });
    expect(second).toMatchObject({ level: 'warn', msg: 'careful' });
    const time = Date.parse(String(first?.time));
    expect(String(first?.time)).toBe(new Date(time).toISOString());
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it('gives each line the time it was written at', async () => {
    const file = logFile();
    const logger = createLogger({ logLevel: 'info', env: 'production' }, file);
    logger.info('one');
    await sleep(30);
    logger.info('two');
    await written(file, 2);
    const [one, two] = linesOf(file).map((line) => Date.parse(String(line.time)));
    expect((two ?? 0) - (one ?? 0)).toBeGreaterThanOrEqual(25);
  });

  it('holds lines back to write them in batches, but never longer than 100 ms', async () => {
    const file = logFile();
    const logger = createLogger({ logLevel: 'info', env: 'production' }, file);
    logger.info('batched');
    await sleep(20);
    expect(textOf(file)).toBe('');
    await sleep(250);
    expect(linesOf(file).map((line) => line.msg)).toEqual(['batched']);
  });

  it('writes nothing under its level', async () => {
    const file = logFile();
    const logger = createLogger({ logLevel: 'warn', env: 'production' }, file);
    logger.info('quiet');
    logger.error('loud');
    // Written in order: once the later line is there, so would the earlier one be.
    await written(file, 1);
    expect(linesOf(file).map((line) => line.msg)).toEqual(['loud']);
  });
});

describe('the log in development', () => {
  it('is written for a person to read, one line per entry with its fields below, at the configured level', async () => {
    const file = logFile();
    const logger = createLogger({ logLevel: 'info', env: 'development' }, file);
    logger.debug('hidden');
    logger.info({ requestId: 'r1' }, 'ready');
    // pino-pretty formats in a worker thread: the line arrives a little later.
    const read = () => stripVTControlCharacters(textOf(file));
    await until(() => read().includes('r1'));
    const text = read();
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: ready\n {4}requestId: "r1"\n$/);
    expect(text).not.toContain('hidden');
  });
});
