(()=>{function z(i){return(i||"").split(",").map(e=>e.trim()).filter(Boolean)}function x(i,e,t,s){let r=Number.parseInt(i,10);return Number.isFinite(r)?Math.min(t,Math.max(e,r)):s}var oe=[[68,1,84],[72,40,120],[62,74,137],[49,104,142],[38,130,142],[31,158,137],[53,183,121],[109,205,89],[180,222,44],[253,231,37]],Ae=[[255,255,255],...oe.slice().reverse()],Le=[[36,38,50],...oe.slice(1)];function ae(i,e=!1){let t=e?Le:Ae,s=Math.min(1,Math.max(0,Number.isFinite(i)?i:0))*(t.length-1),r=Math.min(t.length-2,Math.floor(s)),o=s-r;return t[r].map((a,n)=>Math.round(a+(t[r+1][n]-a)*o))}function ne(i,e=!1){let[t,s,r]=ae(i,e);return`rgb(${t}, ${s}, ${r})`}function Te([i,e,t]){let s=r=>{let o=r/255;return o<=.03928?o/12.92:((o+.055)/1.055)**2.4};return .2126*s(i)+.7152*s(e)+.0722*s(t)}function Me(i){let e=Te(i);return 1.05/(e+.05)>(e+.05)/.05?"#fff":"#000"}var V=new Map;function H(i=!1){let e=i?"dark":"light";if(!V.has(e)){let t=new Uint8ClampedArray(768),s=[],r=[];for(let o=0;o<256;o++){let a=ae(o/255,i);t.set(a,o*3),s.push(`rgb(${a[0]}, ${a[1]}, ${a[2]})`),r.push(Me(a))}V.set(e,{rgb:t,css:s,text:r})}return V.get(e)}function u(i,e,t){let s=document.createElement(i);return e&&(s.className=e),t!==void 0&&(s.textContent=t),s}function S(i,e){let t=u("a","download",i);t.href="#";let s=null;return t.addEventListener("click",r=>{let o=e();if(!o){r.preventDefault();return}s&&URL.revokeObjectURL(s),s=o.blob?URL.createObjectURL(o.blob):null,t.href=s||new URL(o.url,document.baseURI).href,t.download=o.name}),t}function E(i,e,t){let s=i.attachShadow({mode:"open"});return s.innerHTML=e,Object.fromEntries(Object.entries(t).map(([r,o])=>[r,s.querySelector(o)]))}function O(i,e,t){e.hidden=!1,e.textContent=t,i.setAttribute("error","")}var le="(prefers-color-scheme: dark)",Ne=["data-md-color-scheme","data-jp-theme-light","class"];function _e(i){let e=i?.getAttribute?.("data-md-color-scheme");if(e)return e==="slate";let t=i?.getAttribute?.("data-jp-theme-light");if(t)return t==="false";let s=i?.classList;return s?.contains("vscode-light")||s?.contains("vscode-high-contrast-light")?!1:s?.contains("vscode-dark")||s?.contains("vscode-high-contrast")?!0:null}function I(){let i=_e(globalThis.document?.body);return i!==null?i:!!globalThis.matchMedia?.(le).matches}function he(i){let e=I(),t=()=>{let a=I();a!==e&&(e=a,i(a))},s=globalThis.document?.body,r=s&&globalThis.MutationObserver?new MutationObserver(t):null;r?.observe(s,{attributes:!0,attributeFilter:Ne});let o=globalThis.matchMedia?.(le);return o?.addEventListener?.("change",t),()=>{r?.disconnect(),o?.removeEventListener?.("change",t)}}var Re=globalThis.HTMLElement??class{};function C(i,e){let t=globalThis.customElements;t&&!t.get(i)&&t.define(i,e)}var $=class extends Re{connectedCallback(){this.built||(this.built=!0,this.build()),this.lifetime=new AbortController,this.markTheme(I()),this.stopTheme=he(e=>{this.markTheme(e),this.themeChanged(e)}),this.connected()}disconnectedCallback(){this.lifetime?.abort(),this.stopTheme?.(),this.disconnected()}markTheme(e){this.dark=e,this.setAttribute("data-theme",e?"dark":"light")}build(){}connected(){}disconnected(){}themeChanged(){}};function g(i){return`${(i*100).toFixed(1)}%`}function ce(i,e){let t=Array.from(i,(s,r)=>r);return t.sort((s,r)=>i[r]-i[s]||s-r),t.slice(0,e)}function b(i){let e=i.replace(/^ /,"").replace(/\n/g,"↵").replace(/\t/g,"⇥");return e.length&&e.trim().length?e:e.replace(/ /g,"␣")||"␣"}function f(i){return`‘${b(i)}’`}function D(i){return i.map(e=>{let t=e==null?"":String(e);return/[",\n\r]/.test(t)?`"${t.replace(/"/g,'""')}"`:t}).join(",")}function de(i){return i.replace(/_/g," ")}function je(i){return i*(i+1)/2}function G(i){let e=atob(i),t=new Uint8Array(e.length);for(let s=0;s<e.length;s++)t[s]=e.charCodeAt(s);return t}function ue(i,e,t,s){let r;try{r=G(i)}catch(o){throw new Error(`attention data is not valid base64 (${o.message})`,{cause:o})}return X(r,e,t,s)}function X(i,e,t,s){let r=je(s),o=e*t*r;if(i.length!==o)throw new Error(`encoded attention holds ${i.length} bytes, expected ${o} for ${e} layers x ${t} heads x ${s} tokens`);let a=s*s,n=new Uint8Array(e*t*a),l=0;for(let h=0;h<e*t;h++){let d=h*a;for(let p=0;p<s;p++)n.set(i.subarray(l,l+p+1),d+p*s),l+=p+1}let c=(h,d)=>(h*t+d)*a;return{layers:e,heads:t,T:s,bytes:n,byte:(h,d,p,m)=>n[c(h,d)+p*s+m],weight:(h,d,p,m)=>n[c(h,d)+p*s+m]/255,head:(h,d)=>n.subarray(c(h,d),c(h,d)+a),row:(h,d,p)=>{let m=c(h,d)+p*s;return Array.from(n.subarray(m,m+p+1),v=>v/255)}}}var pe=["pointerdown","focusin","keydown","pointerenter"];function B(i,{rootMargin:e="300px 0px",signal:t}={}){return new Promise(s=>{if(t?.aborted)return;if(!globalThis.IntersectionObserver){s();return}let r,o=()=>{a(),s()},a=()=>{r.disconnect();for(let n of pe)i.removeEventListener(n,o);t?.removeEventListener("abort",a)};r=new IntersectionObserver(n=>{n.some(l=>l.isIntersecting)&&o()},{rootMargin:e}),r.observe(i);for(let n of pe)i.addEventListener(n,o);t?.addEventListener("abort",a)})}async function A(i,{signal:e}={}){let t;try{t=await fetch(i,{signal:e})}catch(s){throw s.name==="AbortError"?s:new Error(`Could not load ${i}: ${s.message}`,{cause:s})}if(!t.ok)throw new Error(`Could not load ${i}: HTTP ${t.status}${t.statusText?` ${t.statusText}`:""}`);try{return await t.json()}catch(s){throw s.name==="AbortError"?s:new Error(`Could not read ${i}: not valid JSON (${s.message})`,{cause:s})}}function k(i,e){let t=[...i.children].find(s=>s.localName==="script"&&s.type==="application/json"&&s.dataset.sprout===e);if(!t)return null;try{return JSON.parse(t.textContent)}catch(s){throw new Error(`The ${e} data inside <${i.localName}> is not valid JSON (${s.message})`,{cause:s})}}function P(i,e){return{name:i,blob:new Blob([JSON.stringify(e)],{type:"application/json"})}}function q(i,e){return`${i.endsWith("/")?i:`${i}/`}${encodeURIComponent(e)}.json`}var y=new Map,ze=8;function me(i){if(!y.has(i)){let e=A(i).then(t=>fe(t,i));e.catch(()=>y.delete(i)),y.set(i,e),y.size>ze&&y.delete(y.keys().next().value)}return y.get(i)}function fe(i,e="the example"){let t=i?.attention;if(!i||!Array.isArray(i.tokens)||!t||typeof t.data!="string")throw new Error(`${e} is not an example file (tokens and attention missing)`);if(t.tokens!==i.tokens.length)throw new Error(`${e}: attention covers ${t.tokens} tokens but the story has ${i.tokens.length}`);return{...i,maps:ue(t.data,t.layers,t.heads,t.tokens)}}async function ge(i){let e=k(i,"example");if(!e)return null;let t=`the story inside <${i.localName}>`,s=e.attention;if(s?.encoding!=="tril-u8-deflate-base64")return fe(e,t);if(typeof s.data!="string"||!Array.isArray(e.tokens))throw new Error(`${t} is not an example (tokens and attention missing)`);if(s.tokens!==e.tokens.length)throw new Error(`${t}: attention covers ${s.tokens} tokens but the story has ${e.tokens.length}`);let r;try{let o=new Blob([G(s.data)]).stream().pipeThrough(new DecompressionStream("deflate"));r=new Uint8Array(await new Response(o).arrayBuffer())}catch(o){throw new Error(`${t}: its attention data cannot be read (${o.message})`,{cause:o})}return{...e,maps:X(r,s.layers,s.heads,s.tokens)}}function F(i){let e={},t=(i||"").replace(/^#/,"");if(!t.includes("="))return e;for(let s of t.split("&")){let r=s.indexOf("=");if(!(r<=0))try{e[decodeURIComponent(s.slice(0,r))]=decodeURIComponent(s.slice(r+1))}catch{}}return e}function He(i){let e=Object.entries(i).filter(([,t])=>t!=null&&t!=="").map(([t,s])=>`${encodeURIComponent(t)}=${String(s).split("/").map(encodeURIComponent).join("/")}`);return e.length?`#${e.join("&")}`:""}function Oe(i,e,t){let s=F(i);return s[e]=t,He(s)}function Q(i=250){let e=null;return{write(t,s){clearTimeout(e),e=setTimeout(()=>{let r=Oe(location.hash,t,s);r!==location.hash&&history.replaceState(history.state,"",r)},i)},cancel(){clearTimeout(e)}}}function xe(i,e,t,s){let r=i.getAttribute("hash")||e,o=Q(),a=()=>{let n=r==="off"?void 0:F(location.hash)[r];n!==void 0&&t(n)!==!1&&Y(i)};return window.addEventListener("hashchange",a,{signal:s}),s.addEventListener("abort",()=>o.cancel()),a(),{save:n=>r!=="off"&&o.write(r,n)}}function K(i,e){if(typeof i!="string")return null;let[t,...s]=i.split("/");if(!/^[a-z0-9_]+$/.test(t)||s.length!==e)return null;let r=s.map(o=>/^\d+$/.test(o)?Number(o):NaN);return r.some(Number.isNaN)?null:{example:t,numbers:r}}var be=["wheel","touchstart","keydown","pointerdown"];function Y(i,{settle:e=3e3}={}){if(i.scrollIntoView({block:"start"}),!globalThis.ResizeObserver)return;let t=new ResizeObserver(()=>i.scrollIntoView({block:"start"})),s=()=>{t.disconnect(),clearTimeout(r);for(let o of be)window.removeEventListener(o,s,!0)},r=setTimeout(s,e);for(let o of be)window.addEventListener(o,s,{capture:!0,passive:!0});t.observe(document.body)}var ke="sprout-head-select",L=class extends ${startSelection(){this.examples=z(this.getAttribute("examples")||this.getAttribute("example"));let e=!this.state;this.state||=this.initialState(),this.state.example&&!this.examples.includes(this.state.example)&&this.examples.unshift(this.state.example),this.hash=Q();let t=this.lifetime.signal;document.addEventListener(ke,s=>this.onHeadSelect(s),{signal:t}),window.addEventListener("hashchange",()=>this.applyHash(!0),{signal:t}),this.woken=new Promise(s=>{this.wake=s}),B(this,{signal:t}).then(()=>this.wake()),e&&this.applyHash(!0,!1)}disconnected(){this.hash?.cancel()}select(e){this.userSet(e,!1)}announce(){let{example:e,layer:t,head:s}=this.state,r=this.getAttribute("group")||"";document.dispatchEvent(new CustomEvent(ke,{detail:{example:e,layer:t,head:s,group:r,source:this}}))}onHeadSelect(e){let t=e.detail||{};t.source===this||(t.group||"")!==(this.getAttribute("group")||"")||(this.wake(),this.userSet(this.headSelectChange(t),!1))}hashKey(){return this.getAttribute("hash")||this.constructor.permalink.key}applyHash(e,t=!0){let s=this.hashKey();if(s==="off")return;let r=this.constructor.permalink.read(F(location.hash)[s]);if(!r)return;this.examples.includes(r.example)||this.examples.push(r.example),this.wake?.();let o=r.example!==this.state.example;this.takeState(r),t&&(this.fillExampleSelect(),o?this.show(r.example):this.render()),e&&Y(this)}takeState(e){Object.assign(this.state,e)}writeHash(){if(!this.dirty||!this.data||this.dataName!==this.state.example)return;let e=this.constructor.permalink.write(this.state);e!==null&&(this.dirty=!1,this.hashKey()!=="off"&&this.hash.write(this.hashKey(),e))}showStory(e,t){this.ticket=(this.ticket||0)+1,this.examples=[t],this.state.example=t,this.fillExampleSelect(),this.setExample(e,t)}async show(e){if(this.getAttribute("source")==="page")return;if(!e){this.showError('No example chosen: give the element an "example" or "examples" attribute.');return}this.ui.example.value=e;let t=this.ticket=(this.ticket||0)+1;if(await this.woken,!(t!==this.ticket||!this.isConnected))try{let s=await ge(this)||await me(q(this.exampleFolder(),e));if(t!==this.ticket||!this.isConnected)return;this.setExample(s,e)}catch(s){t===this.ticket&&s.name!=="AbortError"&&this.showError(s.message)}}takeExample(e,t){this.data=e,this.dataName=t,this.ui.error.hidden=!0,this.removeAttribute("error");for(let s of this.ui.example.options)s.value===t&&e.title&&(s.textContent=e.title);this.ui.example.value=t}showError(e){O(this,this.ui.error,e)}fillExampleSelect(){let e=this.ui.example,t=new Map([...e.options].map(s=>[s.value,s.textContent]));e.replaceChildren(...this.examples.map(s=>{let r=u("option","",t.get(s)||de(s));return r.value=s,r})),e.value=this.state.example,e.closest("label").hidden=this.examples.length<2}paintRamp(){if(this.rampDark===this.dark)return;this.rampDark=this.dark;let e=Array.from({length:11},(t,s)=>ne(s/10,this.dark));this.ui.ramp.style.background=`linear-gradient(to right, ${e.join(", ")})`}};var T=`
:host {
  display: block;
  --fg: var(--md-default-fg-color, #1f1f24);
  --fg-light: var(--md-default-fg-color--light, rgba(0, 0, 0, 0.58));
  --fg-lighter: var(--md-default-fg-color--lighter, rgba(0, 0, 0, 0.32));
  --fg-lightest: var(--md-default-fg-color--lightest, rgba(0, 0, 0, 0.08));
  --bg: var(--md-default-bg-color, #fff);
  --accent: var(--md-accent-fg-color, #526cfe);
  --primary: var(--md-primary-fg-color, #4051b5);
  --code-bg: var(--md-code-bg-color, rgba(127, 127, 127, 0.08));
  color: var(--fg);
  font-family: var(--md-text-font-family, system-ui, -apple-system, "Segoe UI", sans-serif);
  font-size: 0.8rem;
  line-height: 1.5;
  margin: 1em 0;
  max-width: 100%;
  box-sizing: border-box;
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.frame {
  border: 1px solid var(--fg-lightest);
  border-radius: 0.3rem;
  padding: 0.6rem;
  background: var(--bg);
  max-width: 100%;
}
.controls { display: flex; flex-wrap: wrap; gap: 0.4rem 0.9rem; align-items: center; margin-bottom: 0.4rem; }
.controls label { display: inline-flex; gap: 0.3rem; align-items: center; max-width: 100%; min-width: 0; }
/* long story titles must not push a phone-width page sideways */
select { max-width: 100%; min-width: 0; text-overflow: ellipsis; }
select, button, input {
  font: inherit;
  color: inherit;
}
select, button {
  background: var(--bg);
  border: 1px solid var(--fg-lighter);
  border-radius: 0.2rem;
  padding: 0.1rem 0.35rem;
  cursor: pointer;
}
button:hover, select:hover { border-color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.hint { color: var(--fg-light); font-size: 0.9em; margin: 0.2rem 0; }
a { color: var(--md-typeset-a-color, #00695c); }
:host([data-theme="dark"]) a { color: var(--md-typeset-a-color, #6fd8cc); }
.error { color: #b00020; font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
:host([data-theme="dark"]) .error { color: #ff8a80; }
kbd {
  font-family: var(--md-code-font-family, ui-monospace, monospace);
  font-size: 0.85em;
  border: 1px solid var(--fg-lighter);
  border-radius: 0.2rem;
  padding: 0 0.25em;
}
.visually-hidden {
  position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
}
`,M=`
:host([data-theme="dark"]) {
  --fg: var(--md-default-fg-color, #e2e4e9);
  --fg-light: var(--md-default-fg-color--light, rgba(255, 255, 255, 0.62));
  --fg-lighter: var(--md-default-fg-color--lighter, rgba(255, 255, 255, 0.34));
  --fg-lightest: var(--md-default-fg-color--lightest, rgba(255, 255, 255, 0.1));
  --bg: var(--md-default-bg-color, #1e2129);
  --accent: var(--md-accent-fg-color, #8a9bff);
}
`,U=`
.ramp { display: inline-block; width: 7rem; height: 0.8rem; border: 1px solid var(--fg-lightest); vertical-align: middle; }
.hatch-sample { display: inline-block; width: 1.6rem; height: 0.8rem; vertical-align: middle;
  background: repeating-linear-gradient(135deg, transparent 0 3px, var(--fg-lighter) 3px 6px); }
`;function Ie(i){let e=K(i,3);if(!e)return null;let[t,s,r]=e.numbers;return t<1||s<1?null:{example:e.example,layer:t,head:s,token:r}}function De({example:i,layer:e,head:t,token:s}){return`${i}/${e}/${t}/${s}`}var Be={key:"explorer",read:Ie,write:De};function Pe(i,e,t=3){return ce(i,t).map(s=>({index:s,token:e[s],weight:i[s]}))}function qe(i,e,t){if(!i?.length)return"";let s=i.map(o=>`${f(o.token)} ${g(o.prob)}`).join(", "),r=t===void 0?"the story ends here":`the story has ${f(t)}`;return`Sprout's top ${i.length} guesses for the token after ${f(e)}: ${s} (${r}).`}function Fe(i,e){return["key,token,weight",...i.map((t,s)=>D([s,e[s],t.toFixed(4)]))].join(`
`)+`
`}function Ke(i){let e=Object.values(i.marks||{}).map(t=>t.position);return e.length?Math.max(...e):i.tokens.length-1}var Ue=`${T}${M}
.story {
  display: flex; flex-wrap: wrap; gap: 0.25rem 0.1rem;
  padding: 0.5rem; border-radius: 0.25rem;
  background: var(--code-bg);
  font-size: 0.95rem; line-height: 1.35;
  min-height: 3rem;
}
.story:focus-within { box-shadow: 0 0 0 1px var(--fg-lightest); }
.tok {
  display: inline-block; padding: 0.05rem 0.2rem; border-radius: 0.2rem;
  cursor: pointer; white-space: pre; max-width: 100%; overflow-wrap: anywhere;
  border: 1px solid transparent;
  user-select: none;
}
.tok.space { margin-left: 0.25rem; }
.tok.start { font-size: 0.8em; padding-inline: 0.3rem; }
.tok:hover { border-color: var(--fg-light); }
.tok.query { outline: 2px solid var(--fg); outline-offset: 1px; font-weight: 700; }
.tok.future {
  color: var(--fg-lighter);
  background: repeating-linear-gradient(135deg, transparent 0 3px, var(--fg-lightest) 3px 6px);
}
.tok:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.inspect { min-height: 1.5em; margin: 0.4rem 0 0.1rem; }
.top { margin: 0.2rem 0; }
.top .item { white-space: nowrap; font-variant-numeric: tabular-nums; }
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; margin-top: 0.3rem; }
${U}`,Je="The story's tokens; the selected token is the query",We=`
<style>${Ue}</style>
<div class="frame" part="frame">
  <div class="controls">
    <label>Story <select class="example" aria-label="Example story"></select></label>
    <label>Layer <select class="layer" aria-label="Layer (1 to 8)"></select></label>
    <label>Head <select class="head" aria-label="Head (1 to 6)"></select></label>
  </div>
  <p class="hint">Click a token to ask where it looks. Keys in the story:
    <kbd>←</kbd> <kbd>→</kbd> token, <kbd>↑</kbd> <kbd>↓</kbd> layer, <kbd>[</kbd> <kbd>]</kbd> head,
    <kbd>Shift</kbd>+<kbd>←</kbd> <kbd>→</kbd> read one earlier token's weight, <kbd>Enter</kbd> make it the query.</p>
  <div class="story"><span class="loading">Loading the story…</span></div>
  <p class="inspect" aria-hidden="true"></p>
  <p class="top" aria-live="polite"></p>
  <p class="next"></p>
  <div class="legend" id="legend">
    <span>weight <span class="ramp"></span> 0% → 100%</span>
    <span><span class="hatch-sample"></span> later tokens: not visible to the query</span>
    <span>◆ the start mark</span>
  </div>
  <p class="downloads hint">Download this view: <span class="csv"></span>, or the story's data
    (<span class="json"></span>).</p>
  <p class="error" role="alert" hidden></p>
</div>`,Z=class extends L{static permalink=Be;connected(){this.startSelection(),this.fillExampleSelect(),this.show(this.state.example)}initialState(){return{example:this.getAttribute("example")||this.examples[0],layer:x(this.getAttribute("layer"),1,99,1),head:x(this.getAttribute("head"),1,99,1),token:this.hasAttribute("token")?x(this.getAttribute("token"),0,1e6,null):null}}build(){this.ui=E(this,We,{example:".example",layer:".layer",head:".head",story:".story",inspect:".inspect",top:".top",error:".error",ramp:".ramp",next:".next",csv:".csv",json:".json"}),this.ui.csv.append(S("weights (CSV)",()=>this.viewFile())),this.ui.json.append(S("JSON",()=>this.exampleFile())),this.ui.example.addEventListener("change",()=>this.userSet({example:this.ui.example.value,token:null},!0)),this.ui.layer.addEventListener("change",()=>this.userSet({layer:Number(this.ui.layer.value)},!0)),this.ui.head.addEventListener("change",()=>this.userSet({head:Number(this.ui.head.value)},!0)),this.ui.story.addEventListener("click",e=>this.onTokenClick(e)),this.ui.story.addEventListener("keydown",e=>this.onKey(e)),this.ui.story.addEventListener("pointerover",e=>this.inspectFrom(e)),this.ui.story.addEventListener("focusin",e=>this.inspectFrom(e)),this.ui.story.addEventListener("pointerleave",()=>this.inspectToken(null)),this.fillNumberSelect(this.ui.layer,8),this.fillNumberSelect(this.ui.head,6)}userSet(e,t){let s={...this.state};Object.assign(this.state,e),this.dirty=!0,e.example!==void 0&&e.example!==s.example?this.show(this.state.example):this.render();let r=["example","layer","head"].some(o=>this.state[o]!==s[o]);t&&r&&this.announce()}headSelectChange(e){let t={};return e.example&&e.example!==this.state.example&&this.examples.includes(e.example)&&(t.example=e.example,t.token=null),Number.isInteger(e.layer)&&(t.layer=e.layer),Number.isInteger(e.head)&&(t.head=e.head),t}clampedState(){let{layers:e,heads:t,T:s}=this.data.maps,r=this.state;return{example:r.example,layer:Math.min(e,Math.max(1,r.layer)),head:Math.min(t,Math.max(1,r.head)),token:r.token===null?Ke(this.data):Math.min(s-1,Math.max(0,r.token))}}exampleFolder(){return this.getAttribute("base")||"examples/"}setExample(e,t){this.takeExample(e,t),this.fillNumberSelect(this.ui.layer,e.maps.layers),this.fillNumberSelect(this.ui.head,e.maps.heads),this.buildTokens(e.tokens),this.render(),this.setAttribute("ready","")}showError(e){this.fillStory([u("span","loading","The story could not be shown.")],!1),super.showError(e)}fillStory(e,t){let s=this.ui.story;s.replaceChildren(...e);let r={role:"listbox","aria-label":Je,"aria-describedby":"legend"};for(let[o,a]of Object.entries(r))t?s.setAttribute(o,a):s.removeAttribute(o)}fillNumberSelect(e,t){e.options.length!==t&&e.replaceChildren(...Array.from({length:t},(s,r)=>{let o=u("option","",String(r+1));return o.value=String(r+1),o}))}buildTokens(e){this.tokenEls=e.map((t,s)=>{let r=u("span","tok",b(t));return s===0&&r.classList.add("start"),s>0&&t.startsWith(" ")&&r.classList.add("space"),r.setAttribute("role","option"),r.dataset.index=String(s),r}),this.fillStory(this.tokenEls,!0)}queryWeights(){let{layer:e,head:t,token:s}=this.state;return this.data.maps.row(e-1,t-1,s)}render(){if(!this.data||!this.tokenEls||this.dataName!==this.state.example)return;Object.assign(this.state,this.clampedState());let{layer:e,head:t,token:s}=this.state,{tokens:r,maps:o}=this.data,a=o.head(e-1,t-1),n=s*o.T,l=H(this.dark),c=f(r[s]);this.tokenEls.forEach((h,d)=>{let p=d===s;if(h.tabIndex=p?0:-1,h.setAttribute("aria-selected",String(p)),h.classList.toggle("query",p),d<=s){let m=a[n+d];h.classList.remove("future"),h.style.backgroundColor=l.css[m],h.style.color=l.text[m];let v=g(m/255);h.title=`${f(r[d])}: ${v} of ${c}'s attention`,h.setAttribute("aria-label",`${b(r[d])}, ${p?"query, ":""}${v}`)}else h.classList.add("future"),h.style.backgroundColor="",h.style.color="",h.title=`${f(r[d])} comes later: not visible to ${c}`,h.setAttribute("aria-label",`${b(r[d])}, later, not visible`)}),this.ui.layer.value=String(e),this.ui.head.value=String(t),this.ui.example.value=this.state.example,this.renderTop(),this.inspectToken(this.inspected??null),this.paintRamp(),this.writeHash(),this.dispatchEvent(new CustomEvent("sprout-query",{detail:{layer:e,head:t,token:s}}))}renderTop(){let{layer:e,head:t,token:s}=this.state,r=Pe(this.queryWeights(),this.data.tokens,3),o=this.data.tokens[s],n=[`Layer ${e}, head ${t}: ${f(o)} (token ${s}) looks most at `].map(l=>document.createTextNode(l));r.forEach((l,c)=>{let h=u("span","item",`${f(l.token)} (token ${l.index}) ${g(l.weight)}`);h.dataset.index=String(l.index),h.dataset.weight=g(l.weight),n.push(h,document.createTextNode(c<r.length-1?", ":"."))}),this.ui.top.replaceChildren(...n),this.ui.next.textContent=qe(this.data.next?.sprout?.[s],o,this.data.tokens[s+1])}viewFile(){if(!this.data)return null;let{example:e,layer:t,head:s,token:r}=this.state;return{name:`${e}_layer${t}_head${s}_token${r}.csv`,blob:new Blob([Fe(this.queryWeights(),this.data.tokens)],{type:"text/csv"})}}exampleFile(){if(!this.data)return null;let e=k(this,"example");return e?P(`${this.state.example}.json`,e):{name:`${this.state.example}.json`,url:q(this.exampleFolder(),this.state.example)}}themeChanged(){this.render()}inspectFrom(e){let t=e.target.closest?.(".tok");t&&this.inspectToken(Number(t.dataset.index))}inspectToken(e){this.inspected=e;let t=this.ui.inspect;if(!this.data||e===null||e===void 0){t.textContent="Hover over or focus a token to read its exact weight.";return}let{tokens:s}=this.data,{layer:r,head:o,token:a}=this.state,n=`${f(s[e])} (token ${e})`;if(e>a)t.textContent=`${n} comes later: ${f(s[a])} cannot see it.`;else{let l=this.data.maps.weight(r-1,o-1,a,e);t.textContent=`${n} gets ${g(l)} of the attention of ${f(s[a])} (token ${a}).`}}onTokenClick(e){let t=e.target.closest(".tok");t&&(this.userSet({token:Number(t.dataset.index)},!1),this.tokenEls[this.state.token].focus())}onKey(e){if(!this.data)return;let{layers:t,heads:s,T:r}=this.data.maps,o=this.state,a=this.shadowRoot.activeElement?.closest?.(".tok"),n=a?Number(a.dataset.index):o.token,l=e.key,c=null,h=null;if(e.shiftKey&&(l==="ArrowLeft"||l==="ArrowRight"))h=Math.min(o.token,Math.max(0,n+(l==="ArrowLeft"?-1:1)));else if(l==="ArrowLeft"||l==="ArrowRight")c={token:Math.min(r-1,Math.max(0,o.token+(l==="ArrowLeft"?-1:1)))};else if(l==="Home"||l==="End")c={token:l==="Home"?0:r-1};else if(l==="ArrowUp"||l==="ArrowDown")c={layer:Math.min(t,Math.max(1,o.layer+(l==="ArrowUp"?-1:1)))};else if(l==="["||l==="]"||l==="PageUp"||l==="PageDown")c={head:Math.min(s,Math.max(1,o.head+(l==="["||l==="PageUp"?-1:1)))};else if((l==="Enter"||l===" ")&&a)c={token:n};else return;e.preventDefault(),c&&(this.userSet(c,c.layer!==void 0||c.head!==void 0),h=this.state.token),this.tokenEls[h].focus(),this.inspectToken(h)}};C("sprout-explorer",Z);var R={previous_token:{label:"previous-token",from:"examples",about:"mean weight on the token just before, over the example stories"},first_token:{label:"first-token (◆)",from:"examples",about:"mean weight on ◆, over the example stories"},induction:{label:"induction",from:"repeats",about:"mean weight on the token after the earlier copy, on repeated random text"}},Ee={label:"what breaks without it",about:"the largest share of one ability lost when the head is replaced by its mean output"},Ve={loss_tinystories_validation:"TinyStories loss",loss_generated:"loss on generated stories",repeat:"the repeat",name_probe:"made-up names",pronoun_probe:"pronouns"};function Ge(i,e){return e==="breaks"?i?.ablation?.breaks??null:$e(i,e)}function Xe(i,e){let t=i?.baselines?.[e];if(!t)return"";let s=t.untrained,r=t.called.flat().filter(Boolean).length,o=t.must_clear.includes("shuffled")?"both":"the untrained band";return`Baselines: the best head of an untrained Sprout scores ${s.mean.toFixed(3)} ± ${s.std.toFixed(3)} (${s.seeds.length} seeds); on shuffled tokens the best head scores ${j(t.shuffled.best)}. ${r} of ${t.called.flat().length} heads stand clearly above ${o}.`}function Qe(i,e,t){let s=i?.ablation?.breaks?.[e-1]?.[t-1];if(s===void 0)return null;let r=i.ablation.breaks_most?.[e-1]?.[t-1];return`${Ee.label} ${j(s)}${r?` (${Ve[r]||r})`:""}`}function Ye(i){let e=K(i,2);if(!e)return null;let[t,s]=e.numbers;return t<1||s<1?null:{example:e.example,layer:t,head:s}}function Ze({example:i,layer:e,head:t}){return`${i}/${e}/${t}`}var et={key:"heads",read:Ye,write:i=>i.layer?Ze(i):null};function $e(i,e){let t=R[e]?.from;return i?.models?.sprout?.[t]?.[e]??null}function tt(i,e){if(e==="breaks"){let t=i?.ablation?.breaks;return t?st(t,3):[]}return i?.models?.sprout?.top?.[e]??[]}function st(i,e=3){let t=[];return i.forEach((s,r)=>s.forEach((o,a)=>t.push({layer:r+1,head:a+1,score:o}))),t.sort((s,r)=>r.score-s.score||s.layer-r.layer||s.head-r.head),t.slice(0,e)}function rt(i,e,t,s,r,o=!1){let n={ArrowUp:[i-1,e],ArrowDown:[i+1,e],ArrowLeft:[i,e-1],ArrowRight:[i,e+1],Home:o?[1,1]:[i,1],End:o?[s,r]:[i,r]}[t];return n?[Math.min(s,Math.max(1,n[0])),Math.min(r,Math.max(1,n[1]))]:null}function it(i,e,t,s){i.fill(0);for(let r=0;r<t;r++){let o=r*t*4,a=r*t;for(let n=0;n<=r;n++,o+=4){let l=e[a+n]*3;i[o]=s[l],i[o+1]=s[l+1],i[o+2]=s[l+2],i[o+3]=255}}}function j(i){return i.toFixed(2)}function we(i,e,t,s,r){return s>=i+t&&s+r<=i+e?i:Math.max(0,s+r/2-(t+e)/2)}function ye(i,e,t,s){return!(i>e)||t<1?s:Math.min(s,(i-e)/t)}function ot(i,e){return Math.max(1,Math.ceil(e/i-1e-9))}var _=10,ve=9,at=10,nt=520;function Se(i,e,t){let s=globalThis.devicePixelRatio||1;i.width=Math.round(e*s),i.height=Math.round(t*s),i.style.width=`${e}px`,i.style.height=`${t}px`;let r=i.getContext("2d");return r.setTransform(s,0,0,s,0,0),r.clearRect(0,0,e,t),r}var lt=`${T}${M}
.grid {
  display: grid;
  grid-template-columns: 2rem repeat(var(--heads, 6), minmax(0, 1fr));
  gap: 3px;
  max-width: 30rem;
}
.colhead, .rowhead { font-size: 0.75em; color: var(--fg-light); text-align: center; align-self: center; }
.cell {
  position: relative; padding: 0; margin: 0; border: 2px solid transparent; border-radius: 3px;
  background: transparent; cursor: pointer; line-height: 0; min-width: 0;
}
.cell canvas {
  width: 100%; aspect-ratio: 1; display: block; border: 1px solid var(--fg-lightest);
  background: repeating-linear-gradient(135deg, transparent 0 2px, var(--fg-lightest) 2px 4px);
}
.cell:hover { border-color: var(--fg-light); }
.cell[aria-selected="true"] { border-color: var(--fg); }
.cell.top { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent); }
.cell:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
.badge {
  position: absolute; right: 1px; bottom: 1px; font-size: 0.62rem; line-height: 1.2;
  padding: 0 2px; border-radius: 2px; background: var(--bg); color: var(--fg);
  font-variant-numeric: tabular-nums; pointer-events: none;
}
.badge:empty { display: none; }
.cell.top .badge { font-weight: 700; color: var(--fg); box-shadow: inset 0 -2px 0 var(--accent); }  /* accent text on a light page is too faint to read */
.tops { margin: 0.3rem 0; }
.tops button { margin: 0.1rem 0.2rem; }
.detail { margin-top: 0.8rem; }
.detail h3 { margin: 0 0 0.2rem; font-size: 1em; }
.scores { margin: 0 0 0.3rem; color: var(--fg-light); }
/* the enlarged map scrolls under two pinned label strips: keys on top, queries on the left;
   fitted to the box (.fit), nothing scrolls and a finger on the map reads weights instead */
.scroll {
  position: relative; overflow: auto; max-width: 100%; max-height: 32rem;
  border: 1px solid var(--fg-lightest); border-radius: 0.2rem;
  isolation: isolate;
}
.sheet-row { display: flex; width: max-content; }
.sheet-row > * { flex: none; }
.keys-row { position: sticky; top: 0; z-index: 2; }
.corner, .labels { background: var(--bg); }
.corner, .queries { position: sticky; left: 0; z-index: 1; }
.scroll canvas { display: block; }
.scroll.fit canvas.big { touch-action: none; }
.plot { position: relative; }
.big:focus-visible { outline: 3px solid var(--accent); outline-offset: -3px; }
.cursor {
  position: absolute; pointer-events: none; border: 2px solid var(--accent);
  box-shadow: 0 0 0 1px var(--bg); display: none;
}
.readout { min-height: 1.5em; margin: 0.3rem 0; font-variant-numeric: tabular-nums; }
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; }
${U}`,ht=`
<style>${lt}</style>
<div class="frame" part="frame">
  <div class="controls">
    <label>Story <select class="example" aria-label="Example story"></select></label>
    <label>Highlight <select class="kind" aria-label="Highlight the top heads of a kind">
      <option value="">no kind</option>
      <option value="previous_token">previous-token heads</option>
      <option value="first_token">first-token (◆) heads</option>
      <option value="induction">induction heads</option>
      <option value="breaks">what breaks without it</option>
    </select></label>
  </div>
  <p class="tops" aria-live="polite"></p>
  <p class="hint">Each square is one head: row t, column j is the weight query t gives key j.
    Click a square, or move with <kbd>←</kbd> <kbd>↑</kbd> <kbd>→</kbd> <kbd>↓</kbd> and press
    <kbd>Enter</kbd>, to enlarge it.</p>
  <div class="grid"></div>
  <div class="legend">
    <span>weight <span class="ramp"></span> 0% → 100%</span>
    <span><span class="hatch-sample"></span> future: masked</span>
  </div>
  <div class="detail" hidden>
    <h3 class="detail-title"></h3>
    <p class="scores"></p>
    <p class="hint">In the map: hover or touch it, or focus it and use the arrow keys (<kbd>↑</kbd> <kbd>↓</kbd> query,
      <kbd>←</kbd> <kbd>→</kbd> key) to read one weight.
      <button type="button" class="zoom" aria-pressed="false">Full size</button></p>
    <div class="scroll">
      <div class="sheet-row keys-row">
        <div class="corner"></div>
        <canvas class="labels keys" aria-hidden="true"></canvas>
      </div>
      <div class="sheet-row">
        <canvas class="labels queries" aria-hidden="true"></canvas>
        <div class="plot">
          <canvas class="big" tabindex="0" role="img"></canvas>
          <div class="cursor"></div>
        </div>
      </div>
    </div>
    <p class="readout" aria-live="polite"></p>
    <p class="hint">Download: <span class="map-csv"></span>, or every head's scores
      (<span class="scores-json"></span>).</p>
  </div>
  <p class="error" role="alert" hidden></p>
</div>`,ee=class extends L{static permalink=et;connected(){this.startSelection(),this.focusCell||=[this.state.layer||1,this.state.head||1],this.fillExampleSelect(),this.ui.kind.value=this.state.kind,this.loadScores(),this.show(this.state.example),window.addEventListener("resize",()=>this.refit(),{signal:this.lifetime.signal})}refit(){!this.data||!this.state.layer||this.ui.detail.hidden||this.cellSize(this.margin())!==this.cell&&(this.drawBig(),this.setCursor(this.keyCursor||null))}initialState(){let e=this.hasAttribute("layer")&&this.hasAttribute("head");return{example:this.getAttribute("example")||this.examples[0],layer:e?x(this.getAttribute("layer"),1,99,1):null,head:e?x(this.getAttribute("head"),1,99,1):null,kind:R[this.getAttribute("highlight")]||this.getAttribute("highlight")==="breaks"?this.getAttribute("highlight"):""}}build(){this.ui=E(this,ht,{example:".example",kind:".kind",tops:".tops",grid:".grid",detail:".detail",title:".detail-title",scores:".scores",big:".big",cursor:".cursor",readout:".readout",error:".error",ramp:".ramp",scroll:".scroll",corner:".corner",keys:".labels.keys",queries:".labels.queries",mapCsv:".map-csv",scoresJson:".scores-json",zoom:".zoom"}),this.ui.mapCsv.append(S("this map (CSV)",()=>this.mapFile())),this.ui.scoresJson.append(S("JSON",()=>this.inlineScores?P("head_scores.json",this.inlineScores):{name:"head_scores.json",url:`${this.base()}head_scores.json`})),this.ui.example.addEventListener("change",()=>this.userSet({example:this.ui.example.value},!0)),this.ui.kind.addEventListener("change",()=>{this.state.kind=this.ui.kind.value,this.renderScores()}),this.ui.grid.addEventListener("click",e=>this.onCellClick(e)),this.ui.grid.addEventListener("keydown",e=>this.onGridKey(e)),this.ui.tops.addEventListener("click",e=>this.onTopClick(e)),this.ui.big.addEventListener("pointermove",e=>this.onBigPointer(e)),this.ui.big.addEventListener("pointerdown",e=>{this.keyCursor=this.onBigPointer(e)||this.keyCursor}),this.ui.zoom.addEventListener("click",()=>{this.fullSize=this.ui.zoom.getAttribute("aria-pressed")!=="true",this.drawBig(),this.setCursor(this.keyCursor||null)}),this.ui.big.addEventListener("pointerleave",e=>e.pointerType==="touch"||this.setCursor(this.keyCursor||null)),this.ui.big.addEventListener("keydown",e=>this.onBigKey(e)),this.ui.big.addEventListener("focus",()=>{this.data&&this.setCursor(this.keyCursor||=this.startCursor())})}userSet(e,t){let s={...this.state};Object.assign(this.state,e),this.dirty=!0,this.state.layer&&(this.focusCell=[this.state.layer,this.state.head]),this.state.example!==s.example?(this.keyCursor=null,this.show(this.state.example)):((this.state.layer!==s.layer||this.state.head!==s.head)&&(this.keyCursor=null),this.render());let r=["example","layer","head"].some(o=>this.state[o]!==s[o]);t&&r&&this.announce()}headSelectChange(e){let t={};return e.example&&this.examples.includes(e.example)&&(t.example=e.example),Number.isInteger(e.layer)&&Number.isInteger(e.head)&&Object.assign(t,{layer:e.layer,head:e.head}),t}takeState(e){super.takeState(e),this.focusCell=[e.layer,e.head]}base(){let e=this.getAttribute("base")||"./";return e.endsWith("/")?e:`${e}/`}setHeadScores(e){this.headScores=e,this.renderScores()}async loadScores(){if(this.getAttribute("source")==="page")return;await this.woken;let e=`${this.base()}head_scores.json`;try{this.inlineScores=k(this,"head_scores"),this.headScores=this.inlineScores||await A(e,{signal:this.lifetime.signal}),this.renderScores()}catch(t){t.name!=="AbortError"&&(this.headScores=null,this.scoresError=`The head scores could not be loaded: ${t.message}`,this.showError(this.scoresError),this.renderScores())}}exampleFolder(){return`${this.base()}examples/`}setExample(e,t){this.takeExample(e,t),this.scoresError&&this.showError(this.scoresError),this.buildGrid(),this.redrawThumbnails(),this.renderScores(),this.render(),this.paintRamp(),this.setAttribute("ready","")}buildGrid(){let{layers:e,heads:t,T:s}=this.data.maps;if(this.cells&&this.gridShape===`${e}x${t}x${s}`)return;this.gridShape=`${e}x${t}x${s}`,this.ui.grid.style.setProperty("--heads",String(t));let r=u("div","");r.setAttribute("role","row"),r.style.display="contents",r.append(u("span","colhead",""));for(let a=1;a<=t;a++){let n=u("span","colhead",`H${a}`);n.setAttribute("role","columnheader"),n.setAttribute("aria-label",`head ${a}`),r.append(n)}let o=[r];this.cells=[];for(let a=1;a<=e;a++){let n=u("div","");n.setAttribute("role","row"),n.style.display="contents";let l=u("span","rowhead",`L${a}`);l.setAttribute("role","rowheader"),l.setAttribute("aria-label",`layer ${a}`),n.append(l);let c=[];for(let h=1;h<=t;h++){let d=u("div","cell");d.setAttribute("role","gridcell"),d.dataset.layer=String(a),d.dataset.head=String(h),d.tabIndex=-1;let p=u("canvas");p.width=s,p.height=s,p.setAttribute("aria-hidden","true");let m=u("span","badge");m.setAttribute("aria-hidden","true"),d.append(p,m),n.append(d),c.push({cell:d,canvas:p,badge:m,context:p.getContext("2d"),image:null})}this.cells.push(c),o.push(n)}this.ui.grid.replaceChildren(...o),this.ui.grid.setAttribute("role","grid"),this.ui.grid.setAttribute("aria-label","Attention maps of all heads: rows are layers, columns are heads")}cellAt(e,t){return this.cells?.[e-1]?.[t-1]}redrawThumbnails(){if(!this.cells)return;let{maps:e}=this.data,{rgb:t}=H(this.dark);this.cells.forEach((s,r)=>s.forEach((o,a)=>{o.image||=o.context.createImageData(e.T,e.T),it(o.image.data,e.head(r,a),e.T,t),o.context.putImageData(o.image,0,0)}))}renderScores(){if(!this.cells)return;let e=this.state.kind,t=e&&this.headScores?Ge(this.headScores,e):null,s=t?tt(this.headScores,e):[],r=new Set(s.map(o=>`${o.layer}/${o.head}`));if(this.cells.forEach((o,a)=>o.forEach((n,l)=>{let c=t?.[a]?.[l];n.badge.textContent=c===void 0?"":j(c),n.cell.classList.toggle("top",r.has(`${a+1}/${l+1}`)),n.cell.setAttribute("aria-label",this.cellLabel(a+1,l+1))})),t){let o=R[e]||Ee,a=e==="breaks"?"Heads whose removal breaks the most":`Top ${o.label} heads`,n=this.headScores.about?.[e]??o.about,l=[document.createTextNode(`${a} (${n}): `)];s.forEach(h=>{let p=this.headScores.baselines?.[e]?.called?.[h.layer-1]?.[h.head-1]===!1?" (not clearly above its baselines)":"",m=u("button","",`layer ${h.layer}, head ${h.head}: ${j(h.score)}${p}`);m.type="button",m.dataset.layer=String(h.layer),m.dataset.head=String(h.head),l.push(m)});let c=Xe(this.headScores,e);c&&l.push(u("span","band",` ${c}`)),this.ui.tops.replaceChildren(...l)}else{let o=this.scoresError?"Head scores unavailable (see the message below).":"Loading the head scores…";this.ui.tops.textContent=this.headScores||!e?"":o}this.renderDetailScores()}scoresOf(e,t){return this.headScores?[...Object.keys(R).map(s=>{let r=$e(this.headScores,s)?.[e-1]?.[t-1];return r===void 0?null:`${R[s].label} ${j(r)}`}),Qe(this.headScores,e,t)].filter(Boolean):[]}cellLabel(e,t){let s=this.scoresOf(e,t);return`Layer ${e}, head ${t}${s.length?`; scores: ${s.join(", ")}`:""}`}render(){if(!this.cells||this.dataName!==this.state.example)return;let{layers:e,heads:t}=this.data.maps,[s,r]=this.focusCell;s=Math.min(e,s),r=Math.min(t,r),this.focusCell=[s,r],this.state.layer&&(this.state.layer=Math.min(e,this.state.layer),this.state.head=Math.min(t,this.state.head)),this.cells.forEach((o,a)=>o.forEach((n,l)=>{let c=this.state.layer===a+1&&this.state.head===l+1;n.cell.setAttribute("aria-selected",String(c)),n.cell.tabIndex=a+1===s&&l+1===r?0:-1})),this.renderDetail(),this.writeHash()}margin(){if(!this.labelMargin){let e=this.ui.big.getContext("2d");e.font=this.labelFont();let t=Math.max(...this.data.tokens.map(s=>e.measureText(this.label(s)).width));this.labelMargin=Math.ceil(Math.min(t,90))+6}return this.labelMargin}labelFont(){return"9px system-ui, sans-serif"}label(e){let t=b(e);return t.length>ve?`${t.slice(0,ve-1)}…`:t}renderDetail(){let{layer:e,head:t}=this.state;if(!e){this.ui.detail.hidden=!0;return}this.ui.detail.hidden=!1,this.ui.title.textContent=`Layer ${e}, head ${t}`,this.renderDetailScores(),this.labelMargin=null,this.drawBig(),this.setCursor(this.keyCursor||null)}mapFile(){let{layer:e,head:t,example:s}=this.state;if(!this.data||!e)return null;let{maps:r,tokens:o}=this.data,a=["query,query_token,key,key_token,weight"];for(let n=0;n<r.T;n++)r.row(e-1,t-1,n).forEach((l,c)=>a.push(D([n,o[n],c,o[c],l.toFixed(4)])));return{name:`${s}_layer${e}_head${t}.csv`,blob:new Blob([`${a.join(`
`)}
`],{type:"text/csv"})}}renderDetailScores(){if(!this.state.layer)return;let e=this.scoresOf(this.state.layer,this.state.head);this.ui.scores.textContent=e.length?`Scores: ${e.join(" · ")}`:""}cellSize(e){let t=this.ui.scroll.clientWidth-1;return(this.fullSize===void 0?t>0&&t<nt:!this.fullSize)?ye(t,e,this.data.maps.T,_):_}drawBig(){let{layer:e,head:t}=this.state,{maps:s,tokens:r}=this.data,o=s.T,a=this.margin(),n=this.cell=this.cellSize(a),l=n<_;this.ui.scroll.classList.toggle("fit",l),this.ui.zoom.hidden=!l&&ye(this.ui.scroll.clientWidth,a,o,_)===_,this.ui.zoom.setAttribute("aria-pressed",String(!l));let c=o*n,h=getComputedStyle(this).color||"#222",{big:d,corner:p,keys:m,queries:v}=this.ui;d.setAttribute("aria-label",`Attention map of layer ${e}, head ${t}: ${o} queries by ${o} keys`);let J=Se(d,c,c);this.drawFuture(J,o,h,n),J.imageSmoothingEnabled=!1,J.drawImage(this.cellAt(e,t).canvas,0,0,c,c),p.style.width=`${a}px`,p.style.height=`${a}px`;let Ce=ot(n,at),re=r.map((w,N)=>N%Ce===0?this.label(w):""),ie=this.labelContext(v,a,c,h);ie.textAlign="right",re.forEach((w,N)=>w&&ie.fillText(w,a-3,N*n+n/2));let W=this.labelContext(m,c,a,h);W.rotate(-Math.PI/2),W.textAlign="left",re.forEach((w,N)=>w&&W.fillText(w,-(a-3),N*n+n/2))}labelContext(e,t,s,r){let o=Se(e,t,s);return o.fillStyle=r,o.font=this.labelFont(),o.textBaseline="middle",o}drawFuture(e,t,s,r){let o=t*r;e.save(),e.beginPath(),e.moveTo(r,0),e.lineTo(o,0),e.lineTo(o,o-r),e.closePath(),e.clip(),e.strokeStyle=s,e.globalAlpha=.15,e.lineWidth=1;for(let a=-o;a<o;a+=5)e.beginPath(),e.moveTo(a,0),e.lineTo(a+o,o),e.stroke();e.restore()}startCursor(){let e=this.data.maps.T;return[e-1,e-1]}setCursor(e){let t=this.ui.cursor;if(!e||!this.data||!this.state.layer){t.style.display="none",this.ui.readout.textContent="Hover over or touch the map (or focus it and use the arrow keys) to read one weight.";return}let[s,r]=e,{tokens:o,maps:a}=this.data,n=this.cell,l=n+2,c=d=>`${Math.max(0,Math.min(d*n-1,a.T*n-l))}px`;Object.assign(t.style,{display:"block",left:c(r),top:c(s),width:`${l}px`,height:`${l}px`});let h=`query ${f(o[s])} (token ${s}) → key ${f(o[r])} (token ${r})`;this.ui.readout.textContent=r>s?`${h}: in the future, masked`:`${h}: ${g(a.weight(this.state.layer-1,this.state.head-1,s,r))}`}onBigPointer(e){if(!this.data)return null;let t=this.data.maps.T,s=Math.floor(e.offsetX/this.cell),r=Math.floor(e.offsetY/this.cell);return r<0||s<0||r>=t||s>=t?(this.setCursor(this.keyCursor||null),null):(this.setCursor([r,s]),[r,s])}onBigKey(e){if(!this.data)return;let t=this.data.maps.T,[s,r]=this.keyCursor||this.startCursor();switch(e.key){case"ArrowUp":s=Math.max(0,s-1),r=Math.min(r,s);break;case"ArrowDown":s=Math.min(t-1,s+1);break;case"ArrowLeft":r=Math.max(0,r-1);break;case"ArrowRight":r=Math.min(s,r+1);break;case"Home":r=0;break;case"End":r=s;break;case"Escape":this.cellAt(...this.focusCell)?.cell.focus();return;default:return}e.preventDefault(),this.keyCursor=[s,r],this.setCursor(this.keyCursor),this.scrollCursorIntoView()}scrollCursorIntoView(){let[e,t]=this.keyCursor,s=this.ui.scroll,r=this.margin(),o=this.cell;s.scrollLeft=we(s.scrollLeft,s.clientWidth,r,r+t*o,o),s.scrollTop=we(s.scrollTop,s.clientHeight,r,r+e*o,o)}onCellClick(e){let t=e.target.closest(".cell");t&&this.selectCell(Number(t.dataset.layer),Number(t.dataset.head))}selectCell(e,t){this.focusCell=[e,t],this.userSet({layer:e,head:t},!0),this.cellAt(e,t)?.cell.focus()}onTopClick(e){let t=e.target.closest("button");t&&this.selectCell(Number(t.dataset.layer),Number(t.dataset.head))}onGridKey(e){let t=e.target.closest(".cell");if(!t||!this.data)return;let s=Number(t.dataset.layer),r=Number(t.dataset.head);if(e.key==="Enter"||e.key===" "){e.preventDefault(),this.selectCell(s,r);return}let o=rt(s,r,e.key,this.data.maps.layers,this.data.maps.heads,e.ctrlKey);if(!o)return;e.preventDefault(),this.focusCell=o,this.cells.forEach(n=>n.forEach(l=>{l.cell.tabIndex=-1}));let a=this.cellAt(...o).cell;a.tabIndex=0,a.focus()}themeChanged(){this.data&&(this.redrawThumbnails(),this.paintRamp(),this.state.layer&&this.drawBig())}};C("sprout-heads",ee);function ct(i,e,t){return i>=e?"future":i>=e-t?"window":"gone"}function te(i){return i.end}var dt={window:"Window network (sees the last 8 tokens)",gpt1:"gpt-1 (one attention layer)",sprout:"Sprout (sees every earlier token)"},ut=`${T}${M}
.story {
  display: flex; flex-wrap: wrap; gap: 0.25rem 0.1rem; align-items: center;
  padding: 0.5rem; border-radius: 0.25rem; background: var(--code-bg);
  font-size: 0.95rem; line-height: 1.35; min-height: 3rem;
}
.tok {
  display: inline-block; padding: 0.05rem 0.2rem; border-radius: 0.2rem; white-space: pre;
  border: 1px solid transparent; max-width: 100%; overflow-wrap: anywhere; cursor: pointer;
}
.tok.space { margin-left: 0.25rem; }
.tok.window {
  background: color-mix(in srgb, var(--accent) 22%, transparent);
  border-color: var(--accent); font-weight: 600;
}
/* gone and later tokens are told apart by strike-through and a dotted box, and their muted
   text still reads at 4.5:1 (an opacity would not) */
:host { --muted: #595959; }
:host([data-theme="dark"]) { --muted: #9a9ea8; }
.tok.gone { color: var(--muted); text-decoration: line-through; text-decoration-color: var(--fg-lighter); }
.tok.future { color: var(--muted); font-style: italic; border-style: dotted; border-color: var(--fg-lighter); }
.caret {
  display: inline-block; align-self: stretch; width: 3px; border-radius: 2px;
  background: var(--fg); margin: 0 0.15rem; position: relative;
}
.caret::after {
  content: "?"; position: absolute; left: 5px; top: -0.2rem; font-weight: 700; color: var(--accent);
}
.slider { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; margin: 0.5rem 0; }
.slider input { flex: 1 1 10rem; min-width: 0; accent-color: var(--accent); }
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; color: var(--fg-light); font-size: 0.85em; }
.legend .tok { cursor: default; font-size: 0.9em; }
.legend .tok.window { color: var(--fg); }
.status { margin: 0.3rem 0; }
.predictions { display: flex; flex-wrap: wrap; gap: 0.6rem 1.2rem; margin-top: 0.4rem; }
.model { flex: 1 1 12rem; min-width: 0; }
.model h3 { margin: 0 0 0.2rem; font-size: 0.95em; }
.model ol { margin: 0; padding-left: 1.4rem; }
.model li { margin: 0.1rem 0; }
.bar { display: inline-block; height: 0.55rem; background: var(--accent); border-radius: 1px; vertical-align: middle; margin-left: 0.3rem; }
.prob { font-variant-numeric: tabular-nums; margin-left: 0.3rem; }
.answer { font-weight: 700; }
.elsewhere button { margin-left: 0.3rem; }
.here-title { margin: 0.4rem 0 0; font-weight: 600; }
.predictions-here { display: flex; flex-wrap: wrap; gap: 0.6rem 1.2rem; }
`,pt=`
<style>${ut}</style>
<div class="frame" part="frame">
  <p class="hint">Move the cursor with the slider, or focus the story and use <kbd>←</kbd> <kbd>→</kbd>
    (<kbd>Home</kbd> <kbd>End</kbd>); clicking a token puts the cursor after it.</p>
  <div class="story" tabindex="0" role="group" aria-roledescription="story with a cursor"
       aria-label="The story, with the cursor where the next token is predicted">
    <span class="loading">Loading the story…</span></div>
  <div class="slider">
    <label for="cursor">Cursor</label>
    <input id="cursor" type="range" min="1" max="1" value="1" step="1">
    <output class="position" for="cursor"></output>
  </div>
  <div class="legend" aria-hidden="true">
    <span><span class="tok window">window</span> the window network's view</span>
    <span><span class="tok gone">faded</span> out of its window: invisible to the window network</span>
    <span><span class="tok future">later</span> not written yet</span>
  </div>
  <p class="status" aria-live="polite"></p>
  <div class="predictions" hidden></div>
  <p class="elsewhere" hidden></p>
  <div class="here" hidden>
    <p class="here-title"></p>
    <div class="predictions-here"></div>
  </div>
  <p class="error" role="alert" hidden></p>
</div>`,se=class extends ${connected(){this.size=x(this.getAttribute("size"),1,512,8),this.models=z(this.getAttribute("models")||"window,sprout"),this.link=xe(this,"window",e=>this.useHashCursor(e),this.lifetime.signal),this.load()}build(){this.ui=E(this,pt,{story:".story",slider:"input",position:".position",status:".status",predictions:".predictions",elsewhere:".elsewhere",error:".error",here:".here",hereTitle:".here-title",hereColumns:".predictions-here"}),this.ui.slider.addEventListener("input",()=>this.readerCursor(Number(this.ui.slider.value))),this.ui.story.addEventListener("keydown",e=>this.onKey(e)),this.ui.story.addEventListener("click",e=>{let t=e.target.closest(".tok");t&&this.readerCursor(Number(t.dataset.index)+1)})}useHashCursor(e){return/^\d+$/.test(e)?(this.wantedCursor=Number(e),this.example&&this.setCursor(this.wantedCursor),!0):!1}readerCursor(e){this.setCursor(e),this.example&&this.link.save(String(this.cursor))}async load(){let e=this.lifetime.signal;await B(this,{signal:e});let t=this.getAttribute("src");try{let s=k(this,"example");if(!t&&!s)throw new Error('No example file: give the element a "src" attribute.');let r=s||await A(t,{signal:e});if(!this.isConnected)return;this.setExample(r)}catch(s){s.name!=="AbortError"&&this.showError(s.message)}}setExample(e){if(!Array.isArray(e?.tokens))throw new Error(`${this.getAttribute("src")} is not an example file`);this.example=e;let t=e.marks||{},s=this.getAttribute("mark")||Object.keys(t)[0];this.mark=t[s]||null,this.predictions=e.predictions?.[s]||null,this.getAttribute("mark")&&!this.mark&&this.showError(`The example has no mark "${s}" (it has: ${Object.keys(t).join(", ")||"none"}).`),this.buildTokens(e.tokens);let r=e.tokens.length;this.ui.slider.max=String(r),this.ui.slider.setAttribute("aria-valuetext",""),this.buildPredictions(),this.setCursor(this.wantedCursor??(this.mark?te(this.mark):Math.min(r,this.size+1))),this.setAttribute("ready","")}showError(e){this.example||this.ui.story.replaceChildren(u("span","loading","The story could not be shown.")),O(this,this.ui.error,e)}buildTokens(e){this.tokenEls=e.map((t,s)=>{let r=u("span","tok",b(t));return s>0&&t.startsWith(" ")&&r.classList.add("space"),r.dataset.index=String(s),r}),this.caret=u("span","caret"),this.caret.setAttribute("aria-hidden","true"),this.ui.story.replaceChildren(...this.tokenEls)}buildPredictions(){if(!this.predictions){this.ui.predictions.replaceChildren();return}let e=this.example.tokens[this.mark.end];this.ui.predictions.replaceChildren(...this.predictionColumns(t=>this.predictions[t],e))}predictionColumns(e,t){return this.models.filter(s=>e(s)).map(s=>{let r=u("section","model");r.dataset.model=s,r.append(u("h3","",dt[s]||this.example.model_names?.[s]||s));let o=u("ol");for(let a of e(s)){let n=u("li");n.append(u("span","token",f(a.token)));let l=u("span","bar");l.style.width=`${Math.max(1,Math.round(a.prob*80))}px`,l.setAttribute("aria-hidden","true"),n.append(l,u("span","prob",g(a.prob))),a.token===t&&(n.classList.add("answer"),n.append(u("span","note"," ✓ the story’s word"))),o.append(n)}return r.append(o),r})}renderHere(e,t){let s=this.example.next,r=!!s&&!t;if(this.ui.here.hidden=!r,!r){this.ui.hereColumns.replaceChildren();return}let o=this.example.tokens[e];this.ui.hereTitle.textContent=o===void 0?"What the models predict after the last token:":`What the models predict here (the story goes on with ${f(o)}):`,this.ui.hereColumns.replaceChildren(...this.predictionColumns(a=>s[a]?.[e-1],o))}setCursor(e){if(!this.example)return;let t=this.example.tokens.length,s=Math.min(t,Math.max(1,e));this.cursor=s,this.tokenEls.forEach((o,a)=>{let n=ct(a,s,this.size);o.classList.toggle("window",n==="window"),o.classList.toggle("gone",n==="gone"),o.classList.toggle("future",n==="future")}),this.ui.story.insertBefore(this.caret,this.tokenEls[s]||null),this.ui.slider.value=String(s);let r=f(this.example.tokens[s-1]);this.ui.position.textContent=`after token ${s-1} ${r}`,this.ui.slider.setAttribute("aria-valuetext",`after token ${s-1}, ${r}`),this.renderStatus(s)}renderStatus(e){let t=Math.max(0,e-this.size),s=this.example.tokens.slice(t,e).map(b).join(" "),r=t;this.ui.status.textContent=`The window network sees ${e-t} tokens: ${s}. `+(r?`The ${r} earlier token${r===1?" is":"s are"} invisible to it; ${this.getAttribute("whole")||"Sprout"} sees all ${e}.`:"Nothing has left its window yet.");let o=this.mark&&e===te(this.mark);this.ui.predictions.hidden=!(o&&this.predictions),this.ui.elsewhere.hidden=!this.mark||o,this.mark&&!o&&this.renderElsewhere(),this.renderHere(e,o)}renderElsewhere(){let e=this.ui.elsewhere;if(e.childNodes.length)return;let t=f(this.example.tokens[this.mark.position]),s=u("button","jump","Jump there");s.type="button",s.addEventListener("click",()=>{this.readerCursor(te(this.mark)),this.ui.slider.focus()}),e.append(document.createTextNode(`The models' predictions are shown with the cursor right after ${f(this.mark.text)} (token ${this.mark.position}, ${t}).`),s)}onKey(e){if(!this.example)return;let t=this.example.tokens.length,s={ArrowLeft:this.cursor-1,ArrowRight:this.cursor+1,Home:1,End:t};e.key in s&&(e.preventDefault(),this.readerCursor(s[e.key]))}};C("sprout-window",se);})();
