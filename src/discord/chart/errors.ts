/** Input the chart renderer cannot draw; the message says which value was wrong and what to pass instead. */
export class ChartInputError extends Error {
  override readonly name = 'ChartInputError';
}
