import { violation } from './format.js';
import type { KillSwitchState, TradingPolicy, Violation } from './types.js';

/** Read-only mode and the kill switch: either one stops every order. */
export function checkSwitches(policy: TradingPolicy, killSwitch: KillSwitchState): Violation[] {
  const out: Violation[] = [];
  if (policy.readOnly) {
    out.push(
      violation(
        'READ_ONLY',
        'Trading is off: omsdesk runs in read-only mode. Set OMSDESK_READ_ONLY=false to allow orders.',
      ),
    );
  }
  if (killSwitch.flag || killSwitch.fileExists) {
    const causes = [
      killSwitch.flag ? 'engaged at runtime' : undefined,
      killSwitch.fileExists
        ? `the file ${killSwitch.filePath ?? 'named by OMSDESK_KILL_SWITCH_FILE'} exists`
        : undefined,
    ].filter((c) => c !== undefined);
    const remedies = [
      killSwitch.flag ? 'the kill switch is released' : undefined,
      killSwitch.fileExists ? 'that file is deleted' : undefined,
    ].filter((c) => c !== undefined);
    out.push(
      violation(
        'KILL_SWITCH',
        `The kill switch is on (${causes.join('; ')}): no orders until ${remedies.join(' and ')}.`,
      ),
    );
  }
  return out;
}
