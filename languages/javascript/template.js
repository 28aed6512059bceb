// The whole input, split into words.
const words = require('fs').readFileSync(0, 'utf8').split(/\s+/).filter(Boolean);
const n = Number(words[0]);

let answer = 0;
// Solve the problem here.

console.log(String(answer));
