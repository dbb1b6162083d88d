(()=>{function j(r){return(r||"").split(",").map(t=>t.trim()).filter(Boolean)}function w(r,t,e,s){let o=Number.parseInt(r,10);return Number.isFinite(o)?Math.min(e,Math.max(t,o)):s}var bt=[[68,1,84],[72,40,120],[62,74,137],[49,104,142],[38,130,142],[31,158,137],[53,183,121],[109,205,89],[180,222,44],[253,231,37]],Se=[[255,255,255],...bt.slice().reverse()],$e=[[36,38,50],...bt.slice(1)];function wt(r,t=!1){let e=t?$e:Se,s=Math.min(1,Math.max(0,Number.isFinite(r)?r:0))*(e.length-1),o=Math.min(e.length-2,Math.floor(s)),i=s-o;return e[o].map((n,a)=>Math.round(n+(e[o+1][a]-n)*i))}function xt(r,t=!1){let[e,s,o]=wt(r,t);return`rgb(${e}, ${s}, ${o})`}function Ee([r,t,e]){let s=o=>{let i=o/255;return i<=.03928?i/12.92:((i+.055)/1.055)**2.4};return .2126*s(r)+.7152*s(t)+.0722*s(e)}function Ce(r){let t=Ee(r);return 1.05/(t+.05)>(t+.05)/.05?"#fff":"#000"}var tt=new Map;function I(r=!1){let t=r?"dark":"light";if(!tt.has(t)){let e=new Uint8ClampedArray(768),s=[],o=[];for(let i=0;i<256;i++){let n=wt(i/255,r);e.set(n,i*3),s.push(`rgb(${n[0]}, ${n[1]}, ${n[2]})`),o.push(Ce(n))}tt.set(t,{rgb:e,css:s,text:o})}return tt.get(t)}function h(r,t,e){let s=document.createElement(r);return t&&(s.className=t),e!==void 0&&(s.textContent=e),s}function A(r,t){let e=h("a","download",r);e.href="#";let s=null;return e.addEventListener("click",o=>{let i=t();if(!i){o.preventDefault();return}s&&URL.revokeObjectURL(s),s=i.blob?URL.createObjectURL(i.blob):null,e.href=s||new URL(i.url,document.baseURI).href,e.download=i.name}),e}function L(r,t,e){let s=r.attachShadow({mode:"open"});return s.innerHTML=t,Object.fromEntries(Object.entries(e).map(([o,i])=>[o,s.querySelector(i)]))}function D(r,t,e){t.hidden=!1,t.textContent=e,r.setAttribute("error",e)}var kt="(prefers-color-scheme: dark)",Ae=["data-md-color-scheme","data-jp-theme-light","class"];function Le(r){let t=r?.getAttribute?.("data-md-color-scheme");if(t)return t==="slate";let e=r?.getAttribute?.("data-jp-theme-light");if(e)return e==="false";let s=r?.classList;return s?.contains("vscode-light")||s?.contains("vscode-high-contrast-light")?!1:s?.contains("vscode-dark")||s?.contains("vscode-high-contrast")?!0:null}function z(){let r=Le(globalThis.document?.body);return r!==null?r:!!globalThis.matchMedia?.(kt).matches}function yt(r){let t=z(),e=()=>{let n=z();n!==t&&(t=n,r(n))},s=globalThis.document?.body,o=s&&globalThis.MutationObserver?new MutationObserver(e):null;o?.observe(s,{attributes:!0,attributeFilter:Ae});let i=globalThis.matchMedia?.(kt);return i?.addEventListener?.("change",e),()=>{o?.disconnect(),i?.removeEventListener?.("change",e)}}var Te=globalThis.HTMLElement??class{};function M(r,t){let e=globalThis.customElements;e&&!e.get(r)&&e.define(r,t)}var T=class extends Te{connectedCallback(){this.built||(this.built=!0,this.build()),this.lifetime=new AbortController,this.markTheme(z()),this.stopTheme=yt(t=>{this.markTheme(t),this.themeChanged(t)}),this.connected()}disconnectedCallback(){this.lifetime?.abort(),this.stopTheme?.(),this.disconnected()}markTheme(t){this.dark=t,this.setAttribute("data-theme",t?"dark":"light")}build(){}connected(){}disconnected(){}themeChanged(){}};function g(r){return`${(r*100).toFixed(1)}%`}function vt(r,t){let e=Array.from(r,(s,o)=>o);return e.sort((s,o)=>r[o]-r[s]||s-o),e.slice(0,t)}function b(r){let t=r.replace(/^ /,"").replace(/\n/g,"↵").replace(/\t/g,"⇥");return t.length&&t.trim().length?t:t.replace(/ /g,"␣")||"␣"}function m(r){return`‘${b(r)}’`}function K(r){return r.map(t=>{let e=t==null?"":String(t);return/[",\n\r]/.test(e)?`"${e.replace(/"/g,'""')}"`:e}).join(",")}function St(r){return r.replace(/_/g," ")}function Me(r){return r*(r+1)/2}function et(r){let t=atob(r),e=new Uint8Array(t.length);for(let s=0;s<t.length;s++)e[s]=t.charCodeAt(s);return e}function $t(r,t,e,s){let o;try{o=et(r)}catch(i){throw new Error(`attention data is not valid base64 (${i.message})`,{cause:i})}return st(o,t,e,s)}function st(r,t,e,s){let o=Me(s),i=t*e*o;if(r.length!==i)throw new Error(`encoded attention holds ${r.length} bytes, expected ${i} for ${t} layers x ${e} heads x ${s} tokens`);let n=s*s,a=new Uint8Array(t*e*n),l=0;for(let c=0;c<t*e;c++){let u=c*n;for(let p=0;p<s;p++)a.set(r.subarray(l,l+p+1),u+p*s),l+=p+1}let d=(c,u)=>(c*e+u)*n;return{layers:t,heads:e,T:s,bytes:a,byte:(c,u,p,f)=>a[d(c,u)+p*s+f],weight:(c,u,p,f)=>a[d(c,u)+p*s+f]/255,head:(c,u)=>a.subarray(d(c,u),d(c,u)+n),row:(c,u,p)=>{let f=d(c,u)+p*s;return Array.from(a.subarray(f,f+p+1),x=>x/255)}}}var Et=["pointerdown","focusin","keydown","pointerenter"];function q(r,{rootMargin:t="300px 0px",signal:e}={}){return new Promise(s=>{if(e?.aborted)return;if(!globalThis.IntersectionObserver){s();return}let o,i=()=>{n(),s()},n=()=>{o.disconnect();for(let a of Et)r.removeEventListener(a,i);e?.removeEventListener("abort",n)};o=new IntersectionObserver(a=>{a.some(l=>l.isIntersecting)&&i()},{rootMargin:t}),o.observe(r);for(let a of Et)r.addEventListener(a,i);e?.addEventListener("abort",n)})}async function k(r,{signal:t}={}){let e;try{e=await fetch(r,{signal:t})}catch(s){throw s.name==="AbortError"?s:new Error(`Could not load ${r}: ${s.message}`,{cause:s})}if(!e.ok)throw new Error(`Could not load ${r}: HTTP ${e.status}${e.statusText?` ${e.statusText}`:""}`);try{return await e.json()}catch(s){throw s.name==="AbortError"?s:new Error(`Could not read ${r}: not valid JSON (${s.message})`,{cause:s})}}function B(){return document.readyState!=="loading"?Promise.resolve():new Promise(r=>document.addEventListener("DOMContentLoaded",r,{once:!0}))}function y(r,t){let e=[...r.children].find(s=>s.localName==="script"&&s.type==="application/json"&&s.dataset.sprout===t);if(!e)return null;try{return JSON.parse(e.textContent)}catch(s){throw new Error(`The ${t} data inside <${r.localName}> is not valid JSON (${s.message})`,{cause:s})}}function U(r,t){return{name:r,blob:new Blob([JSON.stringify(t)],{type:"application/json"})}}function F(r,t){return`${r.endsWith("/")?r:`${r}/`}${encodeURIComponent(t)}.json`}var E=new Map,Ne=8;function Ct(r){if(!E.has(r)){let t=k(r).then(e=>At(e,r));t.catch(()=>E.delete(r)),E.set(r,t),E.size>Ne&&E.delete(E.keys().next().value)}return E.get(r)}function At(r,t="the example"){let e=r?.attention;if(!r||!Array.isArray(r.tokens)||!e||typeof e.data!="string")throw new Error(`${t} is not an example file (tokens and attention missing)`);if(e.tokens!==r.tokens.length)throw new Error(`${t}: attention covers ${e.tokens} tokens but the story has ${r.tokens.length}`);return{...r,maps:$t(e.data,e.layers,e.heads,e.tokens)}}async function Lt(r){let t=y(r,"example");if(!t)return null;let e=`the story inside <${r.localName}>`,s=t.attention;if(s?.encoding!=="tril-u8-deflate-base64")return At(t,e);if(typeof s.data!="string"||!Array.isArray(t.tokens))throw new Error(`${e} is not an example (tokens and attention missing)`);if(s.tokens!==t.tokens.length)throw new Error(`${e}: attention covers ${s.tokens} tokens but the story has ${t.tokens.length}`);let o;try{let i=new Blob([et(s.data)]).stream().pipeThrough(new DecompressionStream("deflate"));o=new Uint8Array(await new Response(i).arrayBuffer())}catch(i){throw new Error(`${e}: its attention data cannot be read (${i.message})`,{cause:i})}return{...t,maps:st(o,s.layers,s.heads,s.tokens)}}function W(r){let t={},e=(r||"").replace(/^#/,"");if(!e.includes("="))return t;for(let s of e.split("&")){let o=s.indexOf("=");if(!(o<=0))try{t[decodeURIComponent(s.slice(0,o))]=decodeURIComponent(s.slice(o+1))}catch{}}return t}function Re(r){let t=Object.entries(r).filter(([,e])=>e!=null&&e!=="").map(([e,s])=>`${encodeURIComponent(e)}=${String(s).split("/").map(encodeURIComponent).join("/")}`);return t.length?`#${t.join("&")}`:""}function Oe(r,t,e){let s=W(r);return s[t]=e,Re(s)}function rt(r=250){let t=null;return{write(e,s){clearTimeout(t),t=setTimeout(()=>{let o=Oe(location.hash,e,s);o!==location.hash&&history.replaceState(history.state,"",o||`${location.pathname}${location.search}`)},r)},cancel(){clearTimeout(t)}}}function Nt(r,t,e,s){let o=r.getAttribute("hash")||t,i=rt(),n=()=>{let a=o==="off"?void 0:W(location.hash)[o];a!==void 0&&e(a)!==!1&&ot(r)};return window.addEventListener("hashchange",n,{signal:s}),s.addEventListener("abort",()=>i.cancel()),n(),{save:a=>o!=="off"&&i.write(o,a)}}function J(r,t){if(typeof r!="string")return null;let[e,...s]=r.split("/");if(!/^[a-z0-9_]+$/.test(e)||s.length!==t)return null;let o=s.map(i=>/^\d+$/.test(i)?Number(i):NaN);return o.some(Number.isNaN)?null:{example:e,numbers:o}}function Tt(r){return r.length<2?r.join(""):`${r.slice(0,-1).join(", ")} and ${r.at(-1)}`}function Rt(r,t){let e=Object.entries(t).filter(([i,[n,a]])=>Number.isInteger(r[i])&&(r[i]<n||r[i]>a));if(!e.length)return null;let s=e.map(([i,[n,a]])=>`${i} ${r[i]} is out of range (${n} to ${a})`),o=e.map(([i,[n,a]])=>`${i} ${Math.min(a,Math.max(n,r[i]))}`);return`In this link, ${Tt(s)}, so ${Tt(o)} ${e.length===1?"is":"are"} shown.`}var Mt=["wheel","touchstart","keydown","pointerdown"];function ot(r,{settle:t=3e3}={}){if(r.scrollIntoView({block:"start"}),!globalThis.ResizeObserver)return;let e=new ResizeObserver(()=>r.scrollIntoView({block:"start"})),s=()=>{e.disconnect(),clearTimeout(o);for(let i of Mt)window.removeEventListener(i,s,!0)},o=setTimeout(s,t);for(let i of Mt)window.addEventListener(i,s,{capture:!0,passive:!0});e.observe(document.body)}var Ot="sprout-head-select",N=class extends T{startSelection(){this.examples=j(this.getAttribute("examples")||this.getAttribute("example"));let t=!this.state;this.state||=this.initialState(),this.state.example&&!this.examples.includes(this.state.example)&&this.examples.unshift(this.state.example),this.hash=rt();let e=this.lifetime.signal;document.addEventListener(Ot,s=>this.onHeadSelect(s),{signal:e}),window.addEventListener("hashchange",()=>this.applyHash(!0),{signal:e}),this.woken=new Promise(s=>{this.wake=s}).then(B),q(this,{signal:e}).then(()=>this.wake()),t&&this.applyHash(!0,!1)}disconnected(){this.hash?.cancel()}select(t){this.userSet(t,!1)}announce(){let{example:t,layer:e,head:s}=this.state,o=this.getAttribute("group")||"";document.dispatchEvent(new CustomEvent(Ot,{detail:{example:t,layer:e,head:s,group:o,source:this}}))}onHeadSelect(t){let e=t.detail||{};e.source===this||(e.group||"")!==(this.getAttribute("group")||"")||(this.wake(),this.userSet(this.headSelectChange(e),!1))}hashKey(){return this.getAttribute("hash")||this.constructor.permalink.key}applyHash(t,e=!0){let s=this.hashKey();if(s==="off")return;let o=this.constructor.permalink.read(W(location.hash)[s]);if(!o)return;this.examples.includes(o.example)||this.examples.push(o.example),this.wake?.();let i=o.example!==this.state.example;this.fromLink={...o},this.takeState(o),e&&(this.fillExampleSelect(),i?this.show(o.example):(this.noteLink(),this.render())),t&&ot(this)}noteLink(){let t=this.fromLink;if(!t||!this.data||this.dataName!==t.example)return;this.fromLink=null;let e=Rt(t,this.linkRanges(this.data));this.linkNote||(this.linkNote=h("p","link-note"),this.linkNote.setAttribute("role","status"),this.ui.error.before(this.linkNote)),this.linkNote.hidden=!e,this.linkNote.textContent=e??""}takeState(t){Object.assign(this.state,t)}writeHash(){if(!this.dirty||!this.data||this.dataName!==this.state.example)return;let t=this.constructor.permalink.write(this.state);t!==null&&(this.dirty=!1,this.hashKey()!=="off"&&this.hash.write(this.hashKey(),t))}showStory(t,e){this.ticket=(this.ticket||0)+1,this.examples=[e],this.state.example=e,this.fillExampleSelect(),this.setExample(t,e)}async show(t){if(this.getAttribute("source")==="page")return;if(!t){this.showError('No example chosen: give the element an "example" or "examples" attribute.');return}this.ui.example.value=t;let e=this.ticket=(this.ticket||0)+1;if(await this.woken,!(e!==this.ticket||!this.isConnected))try{let s=await Lt(this)||await Ct(F(this.exampleFolder(),t));if(e!==this.ticket||!this.isConnected)return;this.setExample(s,t)}catch(s){e===this.ticket&&s.name!=="AbortError"&&this.showError(s.message)}}takeExample(t,e){this.data=t,this.dataName=e,this.ui.error.hidden=!0,this.removeAttribute("error"),this.noteLink();for(let s of this.ui.example.options)s.value===e&&t.title&&(s.textContent=t.title);this.ui.example.value=e}showError(t){D(this,this.ui.error,t)}fillExampleSelect(){let t=this.ui.example,e=new Map([...t.options].map(s=>[s.value,s.textContent]));t.replaceChildren(...this.examples.map(s=>{let o=h("option","",e.get(s)||St(s));return o.value=s,o})),t.value=this.state.example,t.closest("label").hidden=this.examples.length<2}paintRamp(){if(this.rampDark===this.dark)return;this.rampDark=this.dark;let t=Array.from({length:11},(e,s)=>xt(s/10,this.dark));this.ui.ramp.style.background=`linear-gradient(to right, ${t.join(", ")})`}};function _e(r){let t=J(r,3);if(!t)return null;let[e,s,o]=t.numbers;return e<1||s<1?null:{example:t.example,layer:e,head:s,token:o}}function Pe({example:r,layer:t,head:e,token:s}){return`${r}/${t}/${e}/${s}`}var _t={key:"explorer",read:_e,write:Pe};function Pt(r,t,e=3){return vt(r,e).map(s=>({index:s,token:t[s],weight:r[s]}))}function Ht(r,t,e){if(!r?.length)return"";let s=r.map(i=>`${m(i.token)} ${g(i.prob)}`).join(", "),o=e===void 0?"the story ends here":`the story has ${m(e)}`;return`Sprout's top ${r.length} guesses for the token after ${m(t)}: ${s} (${o}).`}function jt(r,t){return["key,token,weight",...r.map((e,s)=>K([s,t[s],e.toFixed(4)]))].join(`
`)+`
`}function It(r){let t=Object.values(r.marks||{}).map(e=>e.position);return t.length?Math.max(...t):r.tokens.length-1}function Dt(r,{shift:t,at:e,focused:s},o,{layers:i,heads:n,T:a}){let l=r==="ArrowLeft"||r==="ArrowUp"||r==="["||r==="PageUp";return t&&(r==="ArrowLeft"||r==="ArrowRight")?{focusTo:Math.min(o.token,Math.max(0,e+(l?-1:1)))}:r==="ArrowLeft"||r==="ArrowRight"?{change:{token:Math.min(a-1,Math.max(0,o.token+(l?-1:1)))}}:r==="Home"||r==="End"?{change:{token:r==="Home"?0:a-1}}:r==="ArrowUp"||r==="ArrowDown"?{change:{layer:Math.min(i,Math.max(1,o.layer+(l?-1:1)))}}:r==="["||r==="]"||r==="PageUp"||r==="PageDown"?{change:{head:Math.min(n,Math.max(1,o.head+(l?-1:1)))}}:(r==="Enter"||r===" ")&&s?{change:{token:e}}:null}var R=`
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
  margin: 1.5em 0;
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
`,O=`
:host([data-theme="dark"]) {
  --fg: var(--md-default-fg-color, #e2e4e9);
  --fg-light: var(--md-default-fg-color--light, rgba(255, 255, 255, 0.62));
  --fg-lighter: var(--md-default-fg-color--lighter, rgba(255, 255, 255, 0.34));
  --fg-lightest: var(--md-default-fg-color--lightest, rgba(255, 255, 255, 0.1));
  --bg: var(--md-default-bg-color, #1e2129);
  --accent: var(--md-accent-fg-color, #8a9bff);
}
`,V=`
.ramp { display: inline-block; width: 7rem; height: 0.8rem; border: 1px solid var(--fg-lightest); vertical-align: middle; }
.hatch-sample { display: inline-block; width: 1.6rem; height: 0.8rem; vertical-align: middle;
  background: repeating-linear-gradient(135deg, transparent 0 3px, var(--fg-lighter) 3px 6px); }
`;var He=`${R}${O}
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
${V}`,zt="The story's tokens; the selected token is the query",Kt=`
<style>${He}</style>
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
</div>`;var it=class extends N{static printCaption="W2. Where one of Sprout's heads looks, token by token.";static permalink=_t;connected(){this.startSelection(),this.fillExampleSelect(),this.show(this.state.example)}initialState(){return{example:this.getAttribute("example")||this.examples[0],layer:w(this.getAttribute("layer"),1,99,1),head:w(this.getAttribute("head"),1,99,1),token:this.hasAttribute("token")?w(this.getAttribute("token"),0,1e6,null):null}}build(){this.ui=L(this,Kt,{example:".example",layer:".layer",head:".head",story:".story",inspect:".inspect",top:".top",error:".error",ramp:".ramp",next:".next",csv:".csv",json:".json"}),this.ui.csv.append(A("weights (CSV)",()=>this.viewFile())),this.ui.json.append(A("JSON",()=>this.exampleFile())),this.ui.example.addEventListener("change",()=>this.userSet({example:this.ui.example.value,token:null},!0)),this.ui.layer.addEventListener("change",()=>this.userSet({layer:Number(this.ui.layer.value)},!0)),this.ui.head.addEventListener("change",()=>this.userSet({head:Number(this.ui.head.value)},!0)),this.ui.story.addEventListener("click",t=>this.onTokenClick(t)),this.ui.story.addEventListener("keydown",t=>this.onKey(t)),this.ui.story.addEventListener("pointerover",t=>this.inspectFrom(t)),this.ui.story.addEventListener("focusin",t=>this.inspectFrom(t)),this.ui.story.addEventListener("pointerleave",()=>this.inspectToken(null)),this.fillNumberSelect(this.ui.layer,8),this.fillNumberSelect(this.ui.head,6)}userSet(t,e){let s={...this.state};Object.assign(this.state,t),this.dirty=!0,t.example!==void 0&&t.example!==s.example?this.show(this.state.example):this.render();let o=["example","layer","head"].some(i=>this.state[i]!==s[i]);e&&o&&this.announce()}headSelectChange(t){let e={};return t.example&&t.example!==this.state.example&&this.examples.includes(t.example)&&(e.example=t.example,e.token=null),Number.isInteger(t.layer)&&(e.layer=t.layer),Number.isInteger(t.head)&&(e.head=t.head),e}clampedState(){let{layers:t,heads:e,T:s}=this.data.maps,o=this.state;return{example:o.example,layer:Math.min(t,Math.max(1,o.layer)),head:Math.min(e,Math.max(1,o.head)),token:o.token===null?It(this.data):Math.min(s-1,Math.max(0,o.token))}}linkRanges({maps:t}){return{layer:[1,t.layers],head:[1,t.heads],token:[0,t.T-1]}}exampleFolder(){return this.getAttribute("base")||"examples/"}setExample(t,e){this.takeExample(t,e),this.fillNumberSelect(this.ui.layer,t.maps.layers),this.fillNumberSelect(this.ui.head,t.maps.heads),this.buildTokens(t.tokens),this.render(),this.setAttribute("ready","")}showError(t){this.fillStory([h("span","loading","The story could not be shown.")],!1),super.showError(t)}fillStory(t,e){let s=this.ui.story;s.replaceChildren(...t);let o={role:"listbox","aria-label":zt,"aria-describedby":"legend"};for(let[i,n]of Object.entries(o))e?s.setAttribute(i,n):s.removeAttribute(i)}fillNumberSelect(t,e){t.options.length!==e&&t.replaceChildren(...Array.from({length:e},(s,o)=>{let i=h("option","",String(o+1));return i.value=String(o+1),i}))}buildTokens(t){this.tokenEls=t.map((e,s)=>{let o=h("span","tok",b(e));return s===0&&o.classList.add("start"),s>0&&e.startsWith(" ")&&o.classList.add("space"),o.setAttribute("role","option"),o.dataset.index=String(s),o}),this.fillStory(this.tokenEls,!0)}queryWeights(){let{layer:t,head:e,token:s}=this.state;return this.data.maps.row(t-1,e-1,s)}render(){if(!this.data||!this.tokenEls||this.dataName!==this.state.example)return;Object.assign(this.state,this.clampedState());let{layer:t,head:e,token:s}=this.state,{tokens:o,maps:i}=this.data,n=i.head(t-1,e-1),a=s*i.T,l=I(this.dark),d=m(o[s]);this.tokenEls.forEach((c,u)=>{let p=u===s;if(c.tabIndex=p?0:-1,c.setAttribute("aria-selected",String(p)),c.classList.toggle("query",p),u<=s){let f=n[a+u];c.classList.remove("future"),c.style.backgroundColor=l.css[f],c.style.color=l.text[f];let x=g(f/255);c.title=`${m(o[u])}: ${x} of ${d}'s attention`,c.setAttribute("aria-label",`${b(o[u])}, ${p?"query, ":""}${x}`)}else c.classList.add("future"),c.style.backgroundColor="",c.style.color="",c.title=`${m(o[u])} comes later: not visible to ${d}`,c.setAttribute("aria-label",`${b(o[u])}, later, not visible`)}),this.ui.layer.value=String(t),this.ui.head.value=String(e),this.ui.example.value=this.state.example,this.renderTop(),this.inspectToken(this.inspected??null),this.paintRamp(),this.writeHash(),this.dispatchEvent(new CustomEvent("sprout-query",{detail:{layer:t,head:e,token:s}}))}renderTop(){let{layer:t,head:e,token:s}=this.state,o=Pt(this.queryWeights(),this.data.tokens,3),i=this.data.tokens[s],a=[`Layer ${t}, head ${e}: ${m(i)} (token ${s}) looks most at `].map(l=>document.createTextNode(l));o.forEach((l,d)=>{let c=h("span","item",`${m(l.token)} (token ${l.index}) ${g(l.weight)}`);c.dataset.index=String(l.index),c.dataset.weight=g(l.weight),a.push(c,document.createTextNode(d<o.length-1?", ":"."))}),this.ui.top.replaceChildren(...a),this.ui.next.textContent=Ht(this.data.next?.sprout?.[s],i,this.data.tokens[s+1])}viewFile(){if(!this.data)return null;let{example:t,layer:e,head:s,token:o}=this.state;return{name:`${t}_layer${e}_head${s}_token${o}.csv`,blob:new Blob([jt(this.queryWeights(),this.data.tokens)],{type:"text/csv"})}}exampleFile(){if(!this.data)return null;let t=y(this,"example");return t?U(`${this.state.example}.json`,t):{name:`${this.state.example}.json`,url:F(this.exampleFolder(),this.state.example)}}themeChanged(){this.render()}inspectFrom(t){let e=t.target.closest?.(".tok");e&&this.inspectToken(Number(e.dataset.index))}inspectToken(t){this.inspected=t;let e=this.ui.inspect;if(!this.data||t===null||t===void 0){e.textContent="Hover over or focus a token to read its exact weight.";return}let{tokens:s}=this.data,{layer:o,head:i,token:n}=this.state,a=`${m(s[t])} (token ${t})`;if(t>n)e.textContent=`${a} comes later: ${m(s[n])} cannot see it.`;else{let l=this.data.maps.weight(o-1,i-1,n,t);e.textContent=`${a} gets ${g(l)} of the attention of ${m(s[n])} (token ${n}).`}}onTokenClick(t){let e=t.target.closest(".tok");e&&(this.userSet({token:Number(e.dataset.index)},!1),this.tokenEls[this.state.token].focus())}onKey(t){if(!this.data)return;let e=this.shadowRoot.activeElement?.closest?.(".tok"),s=e?Number(e.dataset.index):this.state.token,o=Dt(t.key,{shift:t.shiftKey,at:s,focused:!!e},this.state,this.data.maps);if(!o)return;t.preventDefault();let i=o.focusTo;o.change&&(this.userSet(o.change,o.change.layer!==void 0||o.change.head!==void 0),i=this.state.token),this.tokenEls[i].focus(),this.inspectToken(i)}};M("sprout-explorer",it);var qt=9;function nt(r,t,e,s,o){return s>=r+e&&s+o<=r+t?r:Math.max(0,s+o/2-(e+t)/2)}function at(r,t,e,s){return!(r>t)||e<1?s:Math.min(s,(r-t)/e)}function Bt(r,t){return Math.max(1,Math.ceil(t/r-1e-9))}function lt(r){let t=b(r);return t.length>qt?`${t.slice(0,qt-1)}…`:t}function Ut(r,t,e,s){switch(e){case"ArrowUp":return[Math.max(0,r-1),Math.min(t,Math.max(0,r-1))];case"ArrowDown":return[Math.min(s-1,r+1),t];case"ArrowLeft":return[r,Math.max(0,t-1)];case"ArrowRight":return[r,Math.min(r,t+1)];case"Home":return[r,0];case"End":return[r,r];default:return null}}function Ft(r,t,e,s){let o=Math.floor(r/e),i=Math.floor(t/e);return i<0||o<0||i>=s||o>=s?null:[i,o]}function ht(r,t,e){return Math.max(0,Math.min(r*t-1,e*t-(t+2)))}function Wt(r,t,e,s){let o=`query ${m(r[t])} (token ${t}) → key ${m(r[e])} (token ${e})`;return e>t?`${o}: in the future, masked`:`${o}: ${g(s)}`}function Jt(r,t,e,s){let o=["query,query_token,key,key_token,weight"];for(let i=0;i<r.T;i++)r.row(e-1,s-1,i).forEach((n,a)=>o.push(K([i,t[i],a,t[a],n.toFixed(4)])));return`${o.join(`
`)}
`}var H=10,je=10,Gt="9px system-ui, sans-serif",Ie=520;function Xt(r,t,e){let s=globalThis.devicePixelRatio||1;r.width=Math.round(t*s),r.height=Math.round(e*s),r.style.width=`${t}px`,r.style.height=`${e}px`;let o=r.getContext("2d");return o.setTransform(s,0,0,s,0,0),o.clearRect(0,0,t,e),o}var Qt=`/* the enlarged map scrolls under two pinned label strips: keys on top, queries on the left;
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
.readout { min-height: 1.5em; margin: 0.3rem 0; font-variant-numeric: tabular-nums; }`,Yt=`    <p class="hint">In the map: hover or touch it, or focus it and use the arrow keys (<kbd>↑</kbd> <kbd>↓</kbd> query,
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
    <p class="readout" aria-live="polite"></p>`,G=class{constructor(t,e,{thumbnail:s,onEscape:o}){let i=n=>t.querySelector(n);this.ui={big:i(".big"),cursor:i(".cursor"),readout:i(".readout"),scroll:i(".scroll"),corner:i(".corner"),keys:i(".labels.keys"),queries:i(".labels.queries"),zoom:i(".zoom")},this.host=e,this.thumbnail=s,this.onEscape=o,this.view=null,this.keyCursor=null,this.listen()}listen(){let{big:t,zoom:e}=this.ui;t.addEventListener("pointermove",s=>this.onPointer(s)),t.addEventListener("pointerdown",s=>{this.keyCursor=this.onPointer(s)||this.keyCursor}),e.addEventListener("click",()=>{this.fullSize=e.getAttribute("aria-pressed")!=="true",this.draw(),this.setCursor(this.keyCursor||null)}),t.addEventListener("pointerleave",s=>s.pointerType==="touch"||this.setCursor(this.keyCursor||null)),t.addEventListener("keydown",s=>this.onKey(s)),t.addEventListener("focus",()=>{this.view&&this.setCursor(this.keyCursor||=this.startCursor())})}show(t){this.view=t,this.labelMargin=null,this.draw(),this.setCursor(this.keyCursor||null)}forgetCursor(){this.keyCursor=null}refit(){!this.view||this.cellSize(this.margin())===this.cell||(this.draw(),this.setCursor(this.keyCursor||null))}file(){if(!this.view)return null;let{data:t,example:e,layer:s,head:o}=this.view;return{name:`${e}_layer${s}_head${o}.csv`,blob:new Blob([Jt(t.maps,t.tokens,s,o)],{type:"text/csv"})}}margin(){if(!this.labelMargin){let t=this.ui.big.getContext("2d");t.font=Gt;let e=Math.max(...this.view.data.tokens.map(s=>t.measureText(lt(s)).width));this.labelMargin=Math.ceil(Math.min(e,90))+6}return this.labelMargin}cellSize(t){let e=this.ui.scroll.clientWidth-1;return(this.fullSize===void 0?e>0&&e<Ie:!this.fullSize)?at(e,t,this.view.data.maps.T,H):H}draw(){if(!this.view)return;let{data:t,layer:e,head:s}=this.view,o=t.maps.T,i=this.margin(),n=this.cell=this.cellSize(i),a=n<H;this.ui.scroll.classList.toggle("fit",a),this.ui.zoom.hidden=!a&&at(this.ui.scroll.clientWidth,i,o,H)===H,this.ui.zoom.setAttribute("aria-pressed",String(!a));let l=o*n,d=getComputedStyle(this.host).color||"#222",{big:c,corner:u,keys:p,queries:f}=this.ui;c.setAttribute("aria-label",`Attention map of layer ${e}, head ${s}: ${o} queries by ${o} keys`);let x=Xt(c,l,l);De(x,o,d,n),x.imageSmoothingEnabled=!1,x.drawImage(this.thumbnail(e,s),0,0,l,l),u.style.width=`${i}px`,u.style.height=`${i}px`;let ve=Bt(n,je),ft=t.tokens.map(($,P)=>P%ve===0?lt($):""),gt=Vt(f,i,l,d);gt.textAlign="right",ft.forEach(($,P)=>$&&gt.fillText($,i-3,P*n+n/2));let Z=Vt(p,l,i,d);Z.rotate(-Math.PI/2),Z.textAlign="left",ft.forEach(($,P)=>$&&Z.fillText($,-(i-3),P*n+n/2))}startCursor(){let t=this.view.data.maps.T;return[t-1,t-1]}setCursor(t){let e=this.ui.cursor;if(!t||!this.view){e.style.display="none",this.ui.readout.textContent="Hover over or touch the map (or focus it and use the arrow keys) to read one weight.";return}let[s,o]=t,{data:i,layer:n,head:a}=this.view,{T:l}=i.maps,d=this.cell;Object.assign(e.style,{display:"block",left:`${ht(o,d,l)}px`,top:`${ht(s,d,l)}px`,width:`${d+2}px`,height:`${d+2}px`});let c=o>s?null:i.maps.weight(n-1,a-1,s,o);this.ui.readout.textContent=Wt(i.tokens,s,o,c)}onPointer(t){if(!this.view)return null;let e=Ft(t.offsetX,t.offsetY,this.cell,this.view.data.maps.T);return this.setCursor(e||this.keyCursor||null),e}onKey(t){if(!this.view)return;if(t.key==="Escape"){this.onEscape();return}let[e,s]=this.keyCursor||this.startCursor(),o=Ut(e,s,t.key,this.view.data.maps.T);o&&(t.preventDefault(),this.keyCursor=o,this.setCursor(this.keyCursor),this.scrollCursorIntoView())}scrollCursorIntoView(){let[t,e]=this.keyCursor,s=this.ui.scroll,o=this.margin(),i=this.cell;s.scrollLeft=nt(s.scrollLeft,s.clientWidth,o,o+e*i,i),s.scrollTop=nt(s.scrollTop,s.clientHeight,o,o+t*i,i)}};function Vt(r,t,e,s){let o=Xt(r,t,e);return o.fillStyle=s,o.font=Gt,o.textBaseline="middle",o}function De(r,t,e,s){let o=t*s;r.save(),r.beginPath(),r.moveTo(s,0),r.lineTo(o,0),r.lineTo(o,o-s),r.closePath(),r.clip(),r.strokeStyle=e,r.globalAlpha=.15,r.lineWidth=1;for(let i=-o;i<o;i+=5)r.beginPath(),r.moveTo(i,0),r.lineTo(i+o,o),r.stroke();r.restore()}var Zt=[{name:"previous_token",label:"previous-token",measures:"mean weight on the token just before",rows:"{text}'s {n} tokens after ◆",none:"{text} has no token after ◆",about:"mean weight on the token just before, over the example stories",from:"examples"},{name:"first_token",label:"first-token (◆)",measures:"mean weight on ◆",rows:"{text}'s {n} tokens after ◆",none:"{text} has no token after ◆",about:"mean weight on ◆, over the example stories",from:"examples"},{name:"induction",label:"induction",measures:"mean weight on the token after an earlier copy",rows:"the {n} tokens of {text} that repeat an earlier stretch",none:"{text} repeats no stretch of two or more tokens",about:"mean weight on the token after an earlier copy, on repeated random text",from:"repeats"}];var C=Object.fromEntries(Zt.map(r=>[r.name,{label:r.label,from:r.from,about:r.about}])),te={label:"what breaks without it",about:"the largest share of one ability lost when the head is replaced by its mean output"},ze={loss_tinystories_validation:"TinyStories loss",loss_generated:"loss on generated stories",repeat:"the repeat",name_probe:"made-up names",pronoun_probe:"pronouns"};function ee(r){return Object.hasOwn(C,r)||r==="breaks"?r:""}function _(r){return r.toFixed(2)}function se(r,t){let e=C[t]?.from;return r?.models?.sprout?.[e]?.[t]??null}function re(r,t){return t==="breaks"?r?.ablation?.breaks??null:se(r,t)}function Ke(r,t=3){let e=[];return r.forEach((s,o)=>s.forEach((i,n)=>e.push({layer:o+1,head:n+1,score:i}))),e.sort((s,o)=>o.score-s.score||s.layer-o.layer||s.head-o.head),e.slice(0,t)}function oe(r,t){if(t==="breaks"){let e=r?.ablation?.breaks;return e?Ke(e,3):[]}return r?.models?.sprout?.top?.[t]??[]}function ie(r,t){let e=r?.baselines?.[t];if(!e)return"";let s=e.untrained,o=e.called.flat().filter(Boolean).length,i=e.must_clear.includes("shuffled")?"both":"the untrained band";return`Baselines: the best head of an untrained Sprout scores ${s.mean.toFixed(3)} ± ${s.std.toFixed(3)} (${s.seeds.length} seeds); on shuffled tokens the best head scores ${_(e.shuffled.best)}. ${o} of ${e.called.flat().length} heads stand clearly above ${i}.`}function qe(r,t,e){let s=r?.ablation?.breaks?.[t-1]?.[e-1];if(s===void 0)return null;let o=r.ablation.breaks_most?.[t-1]?.[e-1];return`${te.label} ${_(s)}${o?` (${ze[o]||o})`:""}`}function ct(r,t,e){return r?[...Object.keys(C).map(s=>{let o=se(r,s)?.[t-1]?.[e-1];return o===void 0?null:`${C[s].label} ${_(o)}`}),qe(r,t,e)].filter(Boolean):[]}function ne(r,t,e){let s=ct(r,t,e);return`Layer ${t}, head ${e}${s.length?`; scores: ${s.join(", ")}`:""}`}function ae(r,t){let e=C[t]||te,s=t==="breaks"?"Heads whose removal breaks the most":`Top ${e.label} heads`,o=r.about?.[t]??e.about;return`${s} (${o}): `}function le(r,t,{layer:e,head:s,score:o}){let n=r.baselines?.[t]?.called?.[e-1]?.[s-1]===!1?" (not clearly above its baselines)":"";return`layer ${e}, head ${s}: ${_(o)}${n}`}function Be(r,t,e,s,o,i=!1){let a={ArrowUp:[r-1,t],ArrowDown:[r+1,t],ArrowLeft:[r,t-1],ArrowRight:[r,t+1],Home:i?[1,1]:[r,1],End:i?[s,o]:[r,o]}[e];return a?[Math.min(s,Math.max(1,a[0])),Math.min(o,Math.max(1,a[1]))]:null}function Ue(r,t,e,s){r.fill(0);for(let o=0;o<e;o++){let i=o*e*4,n=o*e;for(let a=0;a<=o;a++,i+=4){let l=t[n+a]*3;r[i]=s[l],r[i+1]=s[l+1],r[i+2]=s[l+2],r[i+3]=255}}}var de=`.grid {
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
.cell.off canvas { opacity: 0.3; }
.cell.off { border-style: dashed; border-color: var(--fg-light); }
.badge {
  position: absolute; right: 1px; bottom: 1px; font-size: 0.62rem; line-height: 1.2;
  padding: 0 2px; border-radius: 2px; background: var(--bg); color: var(--fg);
  font-variant-numeric: tabular-nums; pointer-events: none;
}
.badge:empty { display: none; }
.cell.top .badge { font-weight: 700; color: var(--fg); box-shadow: inset 0 -2px 0 var(--accent); }  /* accent text on a light page is too faint to read */`;function he(){let r=h("div","");return r.setAttribute("role","row"),r.style.display="contents",r}function ce(r,t,e,s){let o=h("span",r,t);return o.setAttribute("role",e),o.setAttribute("aria-label",s),o}var X=class{constructor(t,e){this.box=t,this.cells=null,this.focus=null,t.addEventListener("click",s=>{let o=s.target.closest(".cell");o&&e(Number(o.dataset.layer),Number(o.dataset.head))}),t.addEventListener("keydown",s=>this.onKey(s,e))}build({layers:t,heads:e,T:s}){if(this.cells&&this.shape===`${t}x${e}x${s}`)return;this.shape=`${t}x${e}x${s}`,this.layers=t,this.heads=e,this.box.style.setProperty("--heads",String(e));let o=he();o.append(h("span","colhead",""));for(let n=1;n<=e;n++)o.append(ce("colhead",`H${n}`,"columnheader",`head ${n}`));let i=[o];this.cells=[];for(let n=1;n<=t;n++){let a=he();a.append(ce("rowhead",`L${n}`,"rowheader",`layer ${n}`));let l=[];for(let d=1;d<=e;d++){let c=h("div","cell");c.setAttribute("role","gridcell"),c.dataset.layer=String(n),c.dataset.head=String(d),c.tabIndex=-1;let u=h("canvas");u.width=s,u.height=s,u.setAttribute("aria-hidden","true");let p=h("span","badge");p.setAttribute("aria-hidden","true"),c.append(u,p),a.append(c),l.push({cell:c,canvas:u,badge:p,context:u.getContext("2d"),image:null})}this.cells.push(l),i.push(a)}this.box.replaceChildren(...i),this.box.setAttribute("role","grid"),this.box.setAttribute("aria-label","Attention maps of all heads: rows are layers, columns are heads")}cellAt(t,e){return this.cells?.[t-1]?.[e-1]}draw(t,e){if(!this.cells)return;let{rgb:s}=I(e);this.cells.forEach((o,i)=>o.forEach((n,a)=>{n.image||=n.context.createImageData(t.T,t.T),Ue(n.image.data,t.head(i,a),t.T,s),n.context.putImageData(n.image,0,0)}))}showScores(t,e,s){if(!this.cells)return;let o=new Set(e.map(i=>`${i.layer}/${i.head}`));this.cells.forEach((i,n)=>i.forEach((a,l)=>{let d=t?.[n]?.[l];a.badge.textContent=d===void 0?"":_(d),a.cell.classList.toggle("top",o.has(`${n+1}/${l+1}`)),a.cell.setAttribute("aria-label",s(n+1,l+1))}))}markOff(t){if(!this.cells)return;let e=new Set(t.map(([s,o])=>`${s}/${o}`));this.cells.forEach((s,o)=>s.forEach((i,n)=>i.cell.classList.toggle("off",e.has(`${o+1}/${n+1}`))))}showChoice(t,e){let[s,o]=this.focus;this.focus=[Math.min(this.layers,s),Math.min(this.heads,o)],this.cells.forEach((i,n)=>i.forEach((a,l)=>{a.cell.setAttribute("aria-selected",String(t===n+1&&e===l+1)),a.cell.tabIndex=n+1===this.focus[0]&&l+1===this.focus[1]?0:-1}))}focusCell(){this.cellAt(...this.focus)?.cell.focus()}onKey(t,e){let s=t.target.closest(".cell");if(!s||!this.cells)return;let o=Number(s.dataset.layer),i=Number(s.dataset.head);if(t.key==="Enter"||t.key===" "){t.preventDefault(),e(o,i);return}let n=Be(o,i,t.key,this.layers,this.heads,t.ctrlKey);if(!n)return;t.preventDefault(),this.focus=n,this.cells.forEach(l=>l.forEach(d=>{d.cell.tabIndex=-1}));let a=this.cellAt(...n).cell;a.tabIndex=0,a.focus()}};var S=(r,t)=>`${r}.${t}`;function v(r){let t=new Set;return r.filter(([e,s])=>{let o=S(e,s);return t.has(o)?!1:(t.add(o),!0)}).map(([e,s])=>[e,s]).sort((e,s)=>e[0]-s[0]||e[1]-s[1])}var Fe=["no","one","two","three","four","five","six","seven","eight","nine","ten"];function pe(r){return Fe[r]??r.toLocaleString("en")}function me(r){let t=new Map;for(let[e,s]of v(r))t.has(e)||t.set(e,[]),t.get(e).push(s);return[...t].map(([e,s])=>{let o=s.length>1?`${s.slice(0,-1).join(", ")} and ${s[s.length-1]}`:`${s[0]}`;return`layer ${e}, head${s.length>1?"s":""} ${o}`}).join("; ")}function ue(r,t){let e=r[`ablation.${t}.layer`],s=r[`ablation.${t}.head`];return Number.isInteger(e)&&Number.isInteger(s)?[[e,s]]:null}function fe({stats:r={},ablations:t={}}){let e=t.together?.sets,s=e?.length?v(e[e.length-1].heads):null,o=(t.together?.controls||[]).map(n=>v(n.heads)),i=s&&o.length?{sets:o,count:s.length}:null;return{induction:s,tom:ue(r,"tom_head"),previous:ue(r,"previous_token_head"),control:i}}function ge({sets:r},t=Math.random){return r[Math.floor(t()*r.length)]}function be(r){return r.length?`off-${v(r).map(([t,e])=>S(t,e)).join("-")}`:""}function dt(r,t){let e=v(r),s=v(t);return e.length===s.length&&e.every(([o,i],n)=>o===s[n][0]&&i===s[n][1])}var we=`
.switch-board { margin: 0.4rem 0; }
.switch-board table { border-collapse: collapse; margin: 0.2rem 0; }
.switch-board th { font-weight: 400; color: var(--fg-light); font-size: 0.85em; padding: 0 0.3rem 0 0; text-align: right; white-space: nowrap; }
.switch-board thead th { text-align: center; padding: 0 0 0.1rem; }
.switch-board td { padding: 0.1rem; }
button.head-switch {
  min-width: 2rem; min-height: 2rem; padding: 0; font-variant-numeric: tabular-nums;
  border: 2px solid var(--primary); background: var(--primary); color: var(--bg); font-weight: 600;
  touch-action: manipulation;
}
button.head-switch[aria-checked="false"] {
  background: var(--bg); color: var(--fg); border-style: dashed; border-color: var(--fg-light); font-weight: 400;
  text-decoration: line-through;
}
.switch-board button:disabled { opacity: 0.45; cursor: not-allowed; }
.presets { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; margin: 0.3rem 0; }
.presets button { min-height: 2rem; touch-action: manipulation; }
.presets button[aria-pressed="true"] { border-color: var(--primary); box-shadow: inset 0 0 0 1px var(--primary); font-weight: 600; }
`,We={induction:()=>"the induction heads",tom:()=>"the Tom head",previous:()=>"the previous-token head",control:r=>`${pe(r.count)} other heads of the same layers`},Q=class{constructor({layers:t,heads:e,onChange:s,label:o="Sprout's heads: switch one off to run the story without it"}){this.layers=t,this.heads=e,this.onChange=s,this.off=[],this.presets={},this.element=h("div","switch-board"),this.element.setAttribute("role","group"),this.element.setAttribute("aria-label",o),this.presetRow=h("div","presets"),this.presetRow.append(h("span","hint","Switch off:")),this.allOn=this.button("all","all on (reset)",()=>this.change([],"all")),this.presetRow.append(this.allOn),this.table=this.buildTable(),this.element.append(this.presetRow,this.table),this.focusAt=0,this.sync()}button(t,e,s){let o=h("button","",e);return o.type="button",o.dataset.preset=t,o.setAttribute("aria-pressed","false"),o.addEventListener("click",s),o}buildTable(){let t=h("table"),e=h("tr");e.append(h("td"));for(let i=1;i<=this.heads;i++){let n=h("th","",`head ${i}`);n.scope="col",e.append(n)}let s=h("thead");s.append(e);let o=h("tbody");this.switches=[];for(let i=1;i<=this.layers;i++){let n=h("tr"),a=h("th","",`Layer ${i}`);a.scope="row",n.append(a);for(let l=1;l<=this.heads;l++){let d=h("button","head-switch",String(l));d.type="button",d.setAttribute("role","switch"),d.dataset.layer=String(i),d.dataset.head=String(l);let c=h("td");c.append(d),n.append(c),this.switches.push(d)}o.append(n)}return t.append(s,o),t.addEventListener("click",i=>{let n=i.target.closest("button.head-switch");!n||n.disabled||(this.focusAt=this.switches.indexOf(n),this.toggle(Number(n.dataset.layer),Number(n.dataset.head)))}),t.addEventListener("keydown",i=>this.onKey(i)),t}onKey(t){let e=this.switches.indexOf(t.target);if(e<0)return;let s=Math.floor(e/this.heads),o=e%this.heads,n={ArrowLeft:[s,o-1],ArrowRight:[s,o+1],ArrowUp:[s-1,o],ArrowDown:[s+1,o],Home:[s,0],End:[s,this.heads-1]}[t.key];if(!n)return;t.preventDefault();let a=Math.min(this.layers-1,Math.max(0,n[0])),l=Math.min(this.heads-1,Math.max(0,n[1]));this.focusAt=a*this.heads+l,this.sync(),this.switches[this.focusAt].focus()}toggle(t,e){let s=S(t,e),i=this.off.some(([n,a])=>S(n,a)===s)?this.off.filter(([n,a])=>S(n,a)!==s):[...this.off,[t,e]];this.change(i,"switch")}change(t,e){this.setOff(t),this.onChange?.(this.off,e)}setPresets(t){this.presets=t;for(let e of["induction","tom","previous","control"]){let s=t[e];if(!s||this.presetRow.querySelector(`[data-preset="${e}"]`))continue;let o=e==="control"?()=>this.change(ge(s),"control"):()=>this.change(s,e);this.presetRow.insertBefore(this.button(e,We[e](s),o),this.allOn)}this.sync()}setOff(t){this.off=v(t),this.sync()}setEnabled(t){this.element.querySelectorAll("button").forEach(e=>{e.disabled=!t})}sync(){let t=new Set(this.off.map(([e,s])=>S(e,s)));this.switches.forEach((e,s)=>{let{layer:o,head:i}=e.dataset,n=!t.has(S(o,i));e.setAttribute("aria-checked",String(n)),e.setAttribute("aria-label",`Layer ${o}, head ${i}, ${n?"on":"off"}`),e.tabIndex=s===this.focusAt?0:-1});for(let e of this.presetRow.querySelectorAll("button")){let s=e.dataset.preset,o=s==="all"?[]:this.presets[s],i=s==="control"?this.controlPressed():!!o&&dt(o,this.off);e.setAttribute("aria-pressed",String(i))}}controlPressed(){let t=this.presets.control;return!!t&&t.sets.some(e=>dt(e,this.off))}};var xe=`${we}
.heads-off { margin-top: 0.8rem; }
.heads-off .switch-title { font-weight: 600; margin: 0 0 0.2rem; }
.heads-off .run-story { font-weight: 600; }
`,Y=class{constructor({layers:t,heads:e,base:s,onChange:o}){this.base=s,this.element=h("div","heads-off");let i=h("p","switch-title","Switch heads off");this.hint=h("p","hint","Pick heads to switch off here, then run this story without them in “Try your own story” further down the page (it downloads Sprout the first time)."),this.board=new Q({layers:t,heads:e,label:"Heads to switch off in this story",onChange:a=>{this.update(),o(a)}}),this.link=h("a","run-story"),this.note=h("p","hint presets-note"),this.note.hidden=!0;let n=h("p","run-line");n.setAttribute("aria-live","polite"),n.append(this.link),this.element.append(i,this.hint,this.board.element,n,this.note),this.update()}setStory(t,e){this.story={id:t,title:e},this.update()}async loadPresets(t){if(!(this.presetsAsked||!t)){this.presetsAsked=!0;try{let[e,s]=await Promise.all(["stats.json","ablations.json"].map(o=>k(`${this.base}${o}`)));this.board.setPresets(fe({stats:e,ablations:s}))}catch(e){this.note.hidden=!1,this.note.textContent=`The chapter's presets could not be loaded (${e.message}); each head still switches.`}}}update(){let t=this.board.off;this.link.hidden=!t.length||!this.story,!this.link.hidden&&(this.link.href=`#story=${this.story.id}/${be(t)}`,this.link.textContent=`Run “${this.story.title}” without ${t.length===1?"this head":`these ${t.length} heads`} (${me(t)})`)}};var Je=`${R}${O}
${de}
.tops { margin: 0.3rem 0; }
.tops button { margin: 0.1rem 0.2rem; }
.detail { margin-top: 0.8rem; }
.detail h3 { margin: 0 0 0.2rem; font-size: 1em; }
.scores { margin: 0 0 0.3rem; color: var(--fg-light); }
${Qt}
${xe}
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; }
${V}`,ke=`
<style>${Je}</style>
<div class="frame" part="frame">
  <div class="controls">
    <label>Story <select class="example" aria-label="Example story"></select></label>
    <label>Highlight <select class="kind" aria-label="Highlight the top heads of a kind">
      <option value="">no kind</option>
${Object.entries(C).map(([r,{label:t}])=>`      <option value="${r}">${t} heads</option>`).join(`
`)}
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
  <div class="switches-slot"></div>
  <div class="detail" hidden>
    <h3 class="detail-title"></h3>
    <p class="scores"></p>
${Yt}
    <p class="hint">Download: <span class="map-csv"></span>, or every head's scores
      (<span class="scores-json"></span>).</p>
  </div>
  <p class="error" role="alert" hidden></p>
</div>`;function Ve(r){let t=J(r,2);if(!t)return null;let[e,s]=t.numbers;return e<1||s<1?null:{example:t.example,layer:e,head:s}}function Ge({example:r,layer:t,head:e}){return`${r}/${t}/${e}`}var Xe={key:"heads",read:Ve,write:r=>r.layer?Ge(r):null},ut=class extends N{static printCaption="W5. All 48 heads on one story, a map of each head's attention, and the switches that turn heads off.";static permalink=Xe;connected(){this.startSelection(),this.grid.focus||=[this.state.layer||1,this.state.head||1],this.fillExampleSelect(),this.ui.kind.value=this.state.kind,this.loadScores(),this.show(this.state.example),window.addEventListener("resize",()=>this.refit(),{signal:this.lifetime.signal})}refit(){!this.data||!this.state.layer||this.ui.detail.hidden||this.map.refit()}initialState(){let t=this.hasAttribute("layer")&&this.hasAttribute("head");return{example:this.getAttribute("example")||this.examples[0],layer:t?w(this.getAttribute("layer"),1,99,1):null,head:t?w(this.getAttribute("head"),1,99,1):null,kind:ee(this.getAttribute("highlight"))}}build(){this.ui=L(this,ke,{example:".example",kind:".kind",tops:".tops",grid:".grid",detail:".detail",title:".detail-title",scores:".scores",error:".error",ramp:".ramp",mapCsv:".map-csv",scoresJson:".scores-json",switchesSlot:".switches-slot"}),this.grid=new X(this.ui.grid,(t,e)=>this.selectCell(t,e)),this.map=new G(this.shadowRoot,this,{thumbnail:(t,e)=>this.grid.cellAt(t,e).canvas,onEscape:()=>this.grid.focusCell()}),this.ui.mapCsv.append(A("this map (CSV)",()=>this.map.file())),this.ui.scoresJson.append(A("JSON",()=>this.inlineScores?U("head_scores.json",this.inlineScores):{name:"head_scores.json",url:`${this.base()}head_scores.json`})),this.ui.example.addEventListener("change",()=>this.userSet({example:this.ui.example.value},!0)),this.ui.kind.addEventListener("change",()=>{this.state.kind=this.ui.kind.value,this.renderScores()}),this.ui.tops.addEventListener("click",t=>{let e=t.target.closest("button");e&&this.selectCell(Number(e.dataset.layer),Number(e.dataset.head))})}userSet(t,e){let s={...this.state};Object.assign(this.state,t),this.dirty=!0,this.state.layer&&(this.grid.focus=[this.state.layer,this.state.head]),this.state.example!==s.example?(this.map.forgetCursor(),this.show(this.state.example)):((this.state.layer!==s.layer||this.state.head!==s.head)&&this.map.forgetCursor(),this.render());let o=["example","layer","head"].some(i=>this.state[i]!==s[i]);e&&o&&this.announce()}selectCell(t,e){this.grid.focus=[t,e],this.userSet({layer:t,head:e},!0),this.grid.cellAt(t,e)?.cell.focus()}headSelectChange(t){let e={};return t.example&&this.examples.includes(t.example)&&(e.example=t.example),Number.isInteger(t.layer)&&Number.isInteger(t.head)&&Object.assign(e,{layer:t.layer,head:t.head}),e}takeState(t){super.takeState(t),this.grid.focus=[t.layer,t.head]}base(){let t=this.getAttribute("base")||"./";return t.endsWith("/")?t:`${t}/`}setHeadScores(t){this.headScores=t,this.renderScores()}async loadScores(){if(this.getAttribute("source")==="page")return;await this.woken;let t=`${this.base()}head_scores.json`;try{this.inlineScores=y(this,"head_scores"),this.headScores=this.inlineScores||await k(t,{signal:this.lifetime.signal}),this.renderScores(),this.offPanel?.loadPresets(this.headScores)}catch(e){e.name!=="AbortError"&&(this.headScores=null,this.scoresError=`The head scores could not be loaded: ${e.message}`,this.showError(this.scoresError),this.renderScores())}}exampleFolder(){return`${this.base()}examples/`}linkRanges({maps:t}){return{layer:[1,t.layers],head:[1,t.heads]}}setExample(t,e){this.takeExample(t,e),this.scoresError&&this.showError(this.scoresError),this.grid.build(t.maps),this.prepareSwitches(t,e),this.redrawThumbnails(),this.renderScores(),this.render(),this.paintRamp(),this.setAttribute("ready","")}prepareSwitches(t,e){this.hasAttribute("switches")&&(this.offPanel||(this.offPanel=new Y({layers:t.maps.layers,heads:t.maps.heads,base:this.base(),onChange:s=>this.grid.markOff(s)}),this.ui.switchesSlot.append(this.offPanel.element),this.offPanel.loadPresets(this.headScores)),this.offPanel.setStory(e,t.title||e),this.grid.markOff(this.offPanel.board.off))}redrawThumbnails(){this.data&&this.grid.draw(this.data.maps,this.dark)}renderScores(){if(!this.grid.cells)return;let t=this.state.kind,e=t&&this.headScores?re(this.headScores,t):null,s=e?oe(this.headScores,t):[];if(this.grid.showScores(e,s,(o,i)=>ne(this.headScores,o,i)),e){let o=[document.createTextNode(ae(this.headScores,t))];s.forEach(n=>{let a=h("button","",le(this.headScores,t,n));a.type="button",a.dataset.layer=String(n.layer),a.dataset.head=String(n.head),o.push(a)});let i=ie(this.headScores,t);i&&o.push(h("span","band",` ${i}`)),this.ui.tops.replaceChildren(...o)}else{let o=this.scoresError?"Head scores unavailable (see the message below).":"Loading the head scores…";this.ui.tops.textContent=this.headScores||!t?"":o}this.renderDetailScores()}render(){if(!this.grid.cells||this.dataName!==this.state.example)return;let{layers:t,heads:e}=this.data.maps;this.state.layer&&(this.state.layer=Math.min(t,this.state.layer),this.state.head=Math.min(e,this.state.head)),this.grid.showChoice(this.state.layer,this.state.head),this.renderDetail(),this.writeHash()}renderDetail(){let{example:t,layer:e,head:s}=this.state;if(!e){this.ui.detail.hidden=!0;return}this.ui.detail.hidden=!1,this.ui.title.textContent=`Layer ${e}, head ${s}`,this.renderDetailScores(),this.map.show({data:this.data,example:t,layer:e,head:s})}renderDetailScores(){if(!this.state.layer)return;let t=ct(this.headScores,this.state.layer,this.state.head);this.ui.scores.textContent=t.length?`Scores: ${t.join(" · ")}`:""}themeChanged(){this.data&&(this.redrawThumbnails(),this.paintRamp(),this.state.layer&&this.map.draw())}};M("sprout-heads",ut);var Qe=`${R}${O}
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
`,ye=`
<style>${Qe}</style>
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
</div>`;function Ye(r,t,e){return r>=t?"future":r>=t-e?"window":"gone"}function pt(r){return r.end}var Ze={window:"Window network (sees the last 8 tokens)",gpt1:"gpt-1 (one attention layer)",sprout:"Sprout (sees every earlier token)"},mt=class extends T{static printCaption="W1. The window network's view: the eight tokens it sees before the cursor, and each model's guesses.";connected(){this.size=w(this.getAttribute("size"),1,512,8),this.models=j(this.getAttribute("models")||"window,sprout"),this.link=Nt(this,"window",t=>this.useHashCursor(t),this.lifetime.signal),this.load()}build(){this.ui=L(this,ye,{story:".story",slider:"input",position:".position",status:".status",predictions:".predictions",elsewhere:".elsewhere",error:".error",here:".here",hereTitle:".here-title",hereColumns:".predictions-here"}),this.ui.slider.addEventListener("input",()=>this.readerCursor(Number(this.ui.slider.value))),this.ui.story.addEventListener("keydown",t=>this.onKey(t)),this.ui.story.addEventListener("click",t=>{let e=t.target.closest(".tok");e&&this.readerCursor(Number(e.dataset.index)+1)})}useHashCursor(t){return/^\d+$/.test(t)?(this.wantedCursor=Number(t),this.example&&this.setCursor(this.wantedCursor),!0):!1}readerCursor(t){this.setCursor(t),this.example&&this.link.save(String(this.cursor))}async load(){let t=this.lifetime.signal;await q(this,{signal:t}),await B();let e=this.getAttribute("src");try{let s=y(this,"example");if(!e&&!s)throw new Error('No example file: give the element a "src" attribute.');let o=s||await k(e,{signal:t});if(!this.isConnected)return;this.setExample(o)}catch(s){s.name!=="AbortError"&&this.showError(s.message)}}setExample(t){if(!Array.isArray(t?.tokens))throw new Error(`${this.getAttribute("src")} is not an example file`);this.example=t;let e=t.marks||{},s=this.getAttribute("mark")||Object.keys(e)[0];this.mark=e[s]||null,this.predictions=t.predictions?.[s]||null,this.getAttribute("mark")&&!this.mark&&this.showError(`The example has no mark "${s}" (it has: ${Object.keys(e).join(", ")||"none"}).`),this.buildTokens(t.tokens);let o=t.tokens.length;this.ui.slider.max=String(o),this.ui.slider.setAttribute("aria-valuetext",""),this.buildPredictions(),this.setCursor(this.wantedCursor??(this.mark?pt(this.mark):Math.min(o,this.size+1))),this.setAttribute("ready","")}showError(t){this.example||this.ui.story.replaceChildren(h("span","loading","The story could not be shown.")),D(this,this.ui.error,t)}buildTokens(t){this.tokenEls=t.map((e,s)=>{let o=h("span","tok",b(e));return s>0&&e.startsWith(" ")&&o.classList.add("space"),o.dataset.index=String(s),o}),this.caret=h("span","caret"),this.caret.setAttribute("aria-hidden","true"),this.ui.story.replaceChildren(...this.tokenEls)}buildPredictions(){if(!this.predictions){this.ui.predictions.replaceChildren();return}let t=this.example.tokens[this.mark.end];this.ui.predictions.replaceChildren(...this.predictionColumns(e=>this.predictions[e],t))}predictionColumns(t,e){return this.models.filter(s=>t(s)).map(s=>{let o=h("section","model");o.dataset.model=s,o.append(h("h3","",Ze[s]||this.example.model_names?.[s]||s));let i=h("ol");for(let n of t(s)){let a=h("li");a.append(h("span","token",m(n.token)));let l=h("span","bar");l.style.width=`${Math.max(1,Math.round(n.prob*80))}px`,l.setAttribute("aria-hidden","true"),a.append(l,h("span","prob",g(n.prob))),n.token===e&&(a.classList.add("answer"),a.append(h("span","note"," ✓ the story’s word"))),i.append(a)}return o.append(i),o})}renderHere(t,e){let s=this.example.next,o=!!s&&!e;if(this.ui.here.hidden=!o,!o){this.ui.hereColumns.replaceChildren();return}let i=this.example.tokens[t];this.ui.hereTitle.textContent=i===void 0?"What the models predict after the last token:":`What the models predict here (the story goes on with ${m(i)}):`,this.ui.hereColumns.replaceChildren(...this.predictionColumns(n=>s[n]?.[t-1],i))}setCursor(t){if(!this.example)return;let e=this.example.tokens.length,s=Math.min(e,Math.max(1,t));this.cursor=s,this.tokenEls.forEach((i,n)=>{let a=Ye(n,s,this.size);i.classList.toggle("window",a==="window"),i.classList.toggle("gone",a==="gone"),i.classList.toggle("future",a==="future")}),this.ui.story.insertBefore(this.caret,this.tokenEls[s]||null),this.ui.slider.value=String(s);let o=m(this.example.tokens[s-1]);this.ui.position.textContent=`after token ${s-1} ${o}`,this.ui.slider.setAttribute("aria-valuetext",`after token ${s-1}, ${o}`),this.renderStatus(s)}renderStatus(t){let e=Math.max(0,t-this.size),s=this.example.tokens.slice(e,t).map(b).join(" "),o=e;this.ui.status.textContent=`The window network sees ${t-e===1?"1 token":`${t-e} tokens`}: ${s}. `+(o?`The ${o} earlier token${o===1?" is":"s are"} invisible to it; ${this.getAttribute("whole")||"Sprout"} sees all ${t}.`:"Nothing has left its window yet.");let i=this.mark&&t===pt(this.mark);this.ui.predictions.hidden=!(i&&this.predictions),this.ui.elsewhere.hidden=!this.mark||i,this.mark&&!i&&this.renderElsewhere(),this.renderHere(t,i)}renderElsewhere(){let t=this.ui.elsewhere;if(t.childNodes.length)return;let e=m(this.example.tokens[this.mark.position]),s=h("button","jump","Jump there");s.type="button",s.addEventListener("click",()=>{this.readerCursor(pt(this.mark)),this.ui.slider.focus()}),t.append(document.createTextNode(`The models' predictions are shown with the cursor right after ${m(this.mark.text)} (token ${this.mark.position}, ${e}).`),s)}onKey(t){if(!this.example)return;let e=this.example.tokens.length,s={ArrowLeft:this.cursor-1,ArrowRight:this.cursor+1,Home:1,End:e};t.key in s&&(t.preventDefault(),this.readerCursor(s[t.key]))}};M("sprout-window",mt);})();
