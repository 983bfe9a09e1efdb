// A logger as the server's, whose lines a test reads back as objects.
import { pino } from 'pino';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export function memoryLogger(level = 'info') {
  const lines: LogLine[] = [];
  const logger = pino({ level, base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines, messages: () => lines.map((line) => line.msg) };
}
