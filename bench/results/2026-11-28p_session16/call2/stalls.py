import gzip,sys
names="barrier branch dispatch drain imc lg long_sb math membar mio misc no_inst not_sel selected short_sb sleep tex wait".split()
rows=[]
for line in gzip.open(sys.argv[1],'rt'):
    if not line.startswith('0x'): continue
    n=line[79:].split(); st=[int(x) for x in n[-36:-18]]
    rows.append((st,int(n[3]),line[:18].strip()[-5:],line[19:79].strip()))
tot=[sum(r[0][i] for r in rows) for i in range(18)]
print(' '.join(f"{names[i]}={tot[i]}" for i in range(18) if tot[i]))
for key in sys.argv[2:]:
    i=names.index(key); print('--',key)
    for r in sorted(rows,key=lambda r:-r[0][i])[:8]: print(r[0][i], r[1], r[2], r[3])
