block = b"\x01" * (512 << 20)
print(block[12345])
