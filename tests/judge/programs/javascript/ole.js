const fs = require('fs');
const line = Buffer.alloc(65536, '3');
for (;;) {
  try {
    fs.writeSync(1, line);
  } catch (err) {
    if (err.code !== 'EAGAIN') throw err;
  }
}
