const data = require('fs').readFileSync(0, 'utf8').trim().split(/\s+/).map(BigInt);
console.log(String(data[0] + data[1]));
