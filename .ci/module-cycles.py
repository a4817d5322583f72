#!/usr/bin/env python3
"""Module cycles inside each crate (issue 14, point 2): prints each strongly connected group of
top-level modules that refer to each other through `crate::` (or `super::` from a top-level
module), test modules left out, and fails when there is one. `.ci/run` runs it first.

    python3 .ci/module-cycles.py
"""
import os,re,sys,itertools
def mods(src):
    out={}
    for root,_,files in os.walk(src):
        for f in files:
            if not f.endswith('.rs') or f.endswith('_tests.rs'): continue
            p=os.path.join(root,f); rel=os.path.relpath(p,src)[:-3]
            parts=rel.split('/')
            if parts[-1] in('mod',): parts=parts[:-1]
            top=parts[0] if parts and parts[0] not in('lib','main') else None
            if top is None: continue
            text=open(p).read()
            # drop test modules
            text=re.split(r'#\[cfg\(test\)\]',text)[0]
            refs=set(re.findall(r'crate::([a-z_0-9]+)',text))
            # grouped imports: `use crate::{a, b::C, d};` names a, b and d
            for group in re.findall(r'crate::\{([^}]*)\}',text):
                refs|=set(re.findall(r'(?:^|,)\s*([a-z_0-9]+)',group))
            refs|=set(m for m in re.findall(r'\bsuper::([a-z_0-9]+)',text)) if len(parts)==1 else set()
            out.setdefault(top,set()).update(r for r in refs if r!=top)
    return out
found=False
for crate in sorted(os.listdir('src-tauri/crates'))+['..']:
    src=f'src-tauri/crates/{crate}/src' if crate!='..' else 'src-tauri/src'
    g=mods(src)
    # find cycles via SCC
    idx={};low={};st=[];on=set();res=[];i=[0]
    def sc(v):
        idx[v]=low[v]=i[0];i[0]+=1;st.append(v);on.add(v)
        for w in g.get(v,()):
            if w not in g: continue
            if w not in idx: sc(w);low[v]=min(low[v],low[w])
            elif w in on: low[v]=min(low[v],idx[w])
        if low[v]==idx[v]:
            comp=[]
            while True:
                w=st.pop();on.discard(w);comp.append(w)
                if w==v:break
            if len(comp)>1: res.append(comp)
    sys.setrecursionlimit(10000)
    for v in g:
        if v not in idx: sc(v)
    if res:
        print(crate, res)
        found=True
if found:
    print('module cycles above: move what both sides use into a lower module', file=sys.stderr)
sys.exit(1 if found else 0)
