const n: number = ;
console.log(n);
