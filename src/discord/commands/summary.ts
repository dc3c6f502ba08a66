import { SlashCommandBuilder } from 'discord.js';
import { toIstIso } from '../../core/time/ist.js';
import type { SlashCommand } from '../command.js';
import { composeSummary, dayName } from '../monitor/daily-summary.js';
import { json } from './options.js';

/**
 * `/summary`: today's trading so far (orders, fills, turnover, rejections by reason, sources), from the
 * broker's books now. Only the asker sees it, like the other account commands: the public copy is the
 * one the monitoring channel posts at the close.
 */
export const summaryCommand: SlashCommand = {
  name: 'summary',
  kind: 'account',
  json: json(
    new SlashCommandBuilder()
      .setName('summary')
      .setDescription("Today's orders, fills, turnover and rejections so far"),
  ),
  prepare: (_i, ctx) => () => {
    const now = toIstIso(ctx.deps.clock.now());
    return composeSummary(
      { books: ctx.deps.client, find: (id) => ctx.deps.gate.find(id) },
      `Today so far, ${dayName(now.slice(0, 10))}`,
      `As the broker's books stand at ${now.slice(11, 19)} IST.`,
      ctx.signal,
    );
  },
};
