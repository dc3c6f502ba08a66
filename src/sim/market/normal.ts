/** The standard normal density. */
export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
}

/**
 * The standard normal distribution function, accurate to double precision (Hart 1968, as given by
 * G. West, "Better approximations to cumulative normal functions", 2005).
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x);
  let tail: number;
  if (z > 37) tail = 0;
  else if (z < 7.07106781186547) {
    const e = Math.exp(-0.5 * z * z);
    let n = 3.52624965998911e-2 * z + 0.700383064443688;
    n = n * z + 6.37396220353165;
    n = n * z + 33.912866078383;
    n = n * z + 112.079291497871;
    n = n * z + 221.213596169931;
    n = n * z + 220.206867912376;
    let d = 8.83883476483184e-2 * z + 1.75566716318264;
    d = d * z + 16.064177579207;
    d = d * z + 86.7807322029461;
    d = d * z + 296.564248779674;
    d = d * z + 637.333633378831;
    d = d * z + 793.826512519948;
    d = d * z + 440.413735824752;
    tail = (e * n) / d;
  } else {
    const e = Math.exp(-0.5 * z * z);
    let d = z + 0.65;
    d = z + 4 / d;
    d = z + 3 / d;
    d = z + 2 / d;
    d = z + 1 / d;
    tail = e / d / 2.506628274631;
  }
  return x > 0 ? 1 - tail : tail;
}

const A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
  2.506628277459239,
];
const B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
const P_LOW = 0.02425;

function tailQuantile(q: number): number {
  const [c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0] = C;
  const [d0 = 0, d1 = 0, d2 = 0, d3 = 0] = D;
  return (
    (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
  );
}

/** The inverse of the standard normal distribution function (Acklam's rational approximation, 1e-9). */
export function normalQuantile(p: number): number {
  if (p < P_LOW) return tailQuantile(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - P_LOW) return -tailQuantile(Math.sqrt(-2 * Math.log(1 - p)));
  const [a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0] = A;
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0] = B;
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}
