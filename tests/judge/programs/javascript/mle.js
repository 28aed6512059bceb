const blocks = [];
for (let i = 0; i < 1024; i++) blocks.push(Buffer.alloc(1 << 20, 1));
console.log(blocks.length);
