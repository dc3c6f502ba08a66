// Prints the size of every form of tools/list as sent, against its budget (CHARS_PER_TOOL per listed tool).
import { measureAll } from './listing-forms.js';

const sizes = await measureAll();
const width = Math.max(...sizes.map((s) => s.label.length));
console.log(`${'form'.padEnd(width)}  tools  chars   budget  room`);
for (const s of sizes) {
  const cells = [s.tools.length, s.chars, s.budget, s.budget - s.chars].map(String);
  console.log(
    `${s.label.padEnd(width)}  ${cells[0]?.padStart(5)}  ${cells[1]?.padStart(6)}  ${cells[2]?.padStart(6)}  ${cells[3]?.padStart(5)}`,
  );
}
const over = sizes.filter((s) => s.chars > s.budget);
const longest = sizes.reduce((a, b) => (b.chars > a.chars ? b : a));
console.log(`longest: ${longest.label}, ${longest.chars} characters for ${longest.tools.length} tools`);
if (over.length > 0) {
  console.error(`${over.length} form(s) over budget`);
  process.exitCode = 1;
}
