(()=>{function I(r){return(r||"").split(",").map(e=>e.trim()).filter(Boolean)}function x(r,e,t,s){let i=Number.parseInt(r,10);return Number.isFinite(i)?Math.min(t,Math.max(e,i)):s}var ae=[[68,1,84],[72,40,120],[62,74,137],[49,104,142],[38,130,142],[31,158,137],[53,183,121],[109,205,89],[180,222,44],[253,231,37]],Fe=[[255,255,255],...ae.slice().reverse()],Je=[[36,38,50],...ae.slice(1)];function le(r,e=!1){let t=e?Je:Fe,s=Math.min(1,Math.max(0,Number.isFinite(r)?r:0))*(t.length-1),i=Math.min(t.length-2,Math.floor(s)),o=s-i;return t[i].map((n,a)=>Math.round(n+(t[i+1][a]-n)*o))}function he(r,e=!1){let[t,s,i]=le(r,e);return`rgb(${t}, ${s}, ${i})`}function We([r,e,t]){let s=i=>{let o=i/255;return o<=.03928?o/12.92:((o+.055)/1.055)**2.4};return .2126*s(r)+.7152*s(e)+.0722*s(t)}function Ve(r){let e=We(r);return 1.05/(e+.05)>(e+.05)/.05?"#fff":"#000"}var G=new Map;function O(r=!1){let e=r?"dark":"light";if(!G.has(e)){let t=new Uint8ClampedArray(768),s=[],i=[];for(let o=0;o<256;o++){let n=le(o/255,r);t.set(n,o*3),s.push(`rgb(${n[0]}, ${n[1]}, ${n[2]})`),i.push(Ve(n))}G.set(e,{rgb:t,css:s,text:i})}return G.get(e)}function d(r,e,t){let s=document.createElement(r);return e&&(s.className=e),t!==void 0&&(s.textContent=t),s}function S(r,e){let t=d("a","download",r);t.href="#";let s=null;return t.addEventListener("click",i=>{let o=e();if(!o){i.preventDefault();return}s&&URL.revokeObjectURL(s),s=o.blob?URL.createObjectURL(o.blob):null,t.href=s||new URL(o.url,document.baseURI).href,t.download=o.name}),t}function E(r,e,t){let s=r.attachShadow({mode:"open"});return s.innerHTML=e,Object.fromEntries(Object.entries(t).map(([i,o])=>[i,s.querySelector(o)]))}function z(r,e,t){e.hidden=!1,e.textContent=t,r.setAttribute("error","")}var ce="(prefers-color-scheme: dark)",Ge=["data-md-color-scheme","data-jp-theme-light","class"];function Xe(r){let e=r?.getAttribute?.("data-md-color-scheme");if(e)return e==="slate";let t=r?.getAttribute?.("data-jp-theme-light");if(t)return t==="false";let s=r?.classList;return s?.contains("vscode-light")||s?.contains("vscode-high-contrast-light")?!1:s?.contains("vscode-dark")||s?.contains("vscode-high-contrast")?!0:null}function j(){let r=Xe(globalThis.document?.body);return r!==null?r:!!globalThis.matchMedia?.(ce).matches}function de(r){let e=j(),t=()=>{let n=j();n!==e&&(e=n,r(n))},s=globalThis.document?.body,i=s&&globalThis.MutationObserver?new MutationObserver(t):null;i?.observe(s,{attributes:!0,attributeFilter:Ge});let o=globalThis.matchMedia?.(ce);return o?.addEventListener?.("change",t),()=>{i?.disconnect(),o?.removeEventListener?.("change",t)}}var Qe=globalThis.HTMLElement??class{};function C(r,e){let t=globalThis.customElements;t&&!t.get(r)&&t.define(r,e)}var $=class extends Qe{connectedCallback(){this.built||(this.built=!0,this.build()),this.lifetime=new AbortController,this.markTheme(j()),this.stopTheme=de(e=>{this.markTheme(e),this.themeChanged(e)}),this.connected()}disconnectedCallback(){this.lifetime?.abort(),this.stopTheme?.(),this.disconnected()}markTheme(e){this.dark=e,this.setAttribute("data-theme",e?"dark":"light")}build(){}connected(){}disconnected(){}themeChanged(){}};function g(r){return`${(r*100).toFixed(1)}%`}function ue(r,e){let t=Array.from(r,(s,i)=>i);return t.sort((s,i)=>r[i]-r[s]||s-i),t.slice(0,e)}function b(r){let e=r.replace(/^ /,"").replace(/\n/g,"↵").replace(/\t/g,"⇥");return e.length&&e.trim().length?e:e.replace(/ /g,"␣")||"␣"}function m(r){return`‘${b(r)}’`}function P(r){return r.map(e=>{let t=e==null?"":String(e);return/[",\n\r]/.test(t)?`"${t.replace(/"/g,'""')}"`:t}).join(",")}function pe(r){return r.replace(/_/g," ")}function Ye(r){return r*(r+1)/2}function X(r){let e=atob(r),t=new Uint8Array(e.length);for(let s=0;s<e.length;s++)t[s]=e.charCodeAt(s);return t}function me(r,e,t,s){let i;try{i=X(r)}catch(o){throw new Error(`attention data is not valid base64 (${o.message})`,{cause:o})}return Q(i,e,t,s)}function Q(r,e,t,s){let i=Ye(s),o=e*t*i;if(r.length!==o)throw new Error(`encoded attention holds ${r.length} bytes, expected ${o} for ${e} layers x ${t} heads x ${s} tokens`);let n=s*s,a=new Uint8Array(e*t*n),l=0;for(let h=0;h<e*t;h++){let u=h*n;for(let p=0;p<s;p++)a.set(r.subarray(l,l+p+1),u+p*s),l+=p+1}let c=(h,u)=>(h*t+u)*n;return{layers:e,heads:t,T:s,bytes:a,byte:(h,u,p,f)=>a[c(h,u)+p*s+f],weight:(h,u,p,f)=>a[c(h,u)+p*s+f]/255,head:(h,u)=>a.subarray(c(h,u),c(h,u)+n),row:(h,u,p)=>{let f=c(h,u)+p*s;return Array.from(a.subarray(f,f+p+1),w=>w/255)}}}var fe=["pointerdown","focusin","keydown","pointerenter"];function D(r,{rootMargin:e="300px 0px",signal:t}={}){return new Promise(s=>{if(t?.aborted)return;if(!globalThis.IntersectionObserver){s();return}let i,o=()=>{n(),s()},n=()=>{i.disconnect();for(let a of fe)r.removeEventListener(a,o);t?.removeEventListener("abort",n)};i=new IntersectionObserver(a=>{a.some(l=>l.isIntersecting)&&o()},{rootMargin:e}),i.observe(r);for(let a of fe)r.addEventListener(a,o);t?.addEventListener("abort",n)})}async function A(r,{signal:e}={}){let t;try{t=await fetch(r,{signal:e})}catch(s){throw s.name==="AbortError"?s:new Error(`Could not load ${r}: ${s.message}`,{cause:s})}if(!t.ok)throw new Error(`Could not load ${r}: HTTP ${t.status}${t.statusText?` ${t.statusText}`:""}`);try{return await t.json()}catch(s){throw s.name==="AbortError"?s:new Error(`Could not read ${r}: not valid JSON (${s.message})`,{cause:s})}}function k(r,e){let t=[...r.children].find(s=>s.localName==="script"&&s.type==="application/json"&&s.dataset.sprout===e);if(!t)return null;try{return JSON.parse(t.textContent)}catch(s){throw new Error(`The ${e} data inside <${r.localName}> is not valid JSON (${s.message})`,{cause:s})}}function q(r,e){return{name:r,blob:new Blob([JSON.stringify(e)],{type:"application/json"})}}function K(r,e){return`${r.endsWith("/")?r:`${r}/`}${encodeURIComponent(e)}.json`}var v=new Map,Ze=8;function ge(r){if(!v.has(r)){let e=A(r).then(t=>be(t,r));e.catch(()=>v.delete(r)),v.set(r,e),v.size>Ze&&v.delete(v.keys().next().value)}return v.get(r)}function be(r,e="the example"){let t=r?.attention;if(!r||!Array.isArray(r.tokens)||!t||typeof t.data!="string")throw new Error(`${e} is not an example file (tokens and attention missing)`);if(t.tokens!==r.tokens.length)throw new Error(`${e}: attention covers ${t.tokens} tokens but the story has ${r.tokens.length}`);return{...r,maps:me(t.data,t.layers,t.heads,t.tokens)}}async function xe(r){let e=k(r,"example");if(!e)return null;let t=`the story inside <${r.localName}>`,s=e.attention;if(s?.encoding!=="tril-u8-deflate-base64")return be(e,t);if(typeof s.data!="string"||!Array.isArray(e.tokens))throw new Error(`${t} is not an example (tokens and attention missing)`);if(s.tokens!==e.tokens.length)throw new Error(`${t}: attention covers ${s.tokens} tokens but the story has ${e.tokens.length}`);let i;try{let o=new Blob([X(s.data)]).stream().pipeThrough(new DecompressionStream("deflate"));i=new Uint8Array(await new Response(o).arrayBuffer())}catch(o){throw new Error(`${t}: its attention data cannot be read (${o.message})`,{cause:o})}return{...e,maps:Q(i,s.layers,s.heads,s.tokens)}}function U(r){let e={},t=(r||"").replace(/^#/,"");if(!t.includes("="))return e;for(let s of t.split("&")){let i=s.indexOf("=");if(!(i<=0))try{e[decodeURIComponent(s.slice(0,i))]=decodeURIComponent(s.slice(i+1))}catch{}}return e}function et(r){let e=Object.entries(r).filter(([,t])=>t!=null&&t!=="").map(([t,s])=>`${encodeURIComponent(t)}=${String(s).split("/").map(encodeURIComponent).join("/")}`);return e.length?`#${e.join("&")}`:""}function tt(r,e,t){let s=U(r);return s[e]=t,et(s)}function Y(r=250){let e=null;return{write(t,s){clearTimeout(e),e=setTimeout(()=>{let i=tt(location.hash,t,s);i!==location.hash&&history.replaceState(history.state,"",i)},r)},cancel(){clearTimeout(e)}}}function ke(r,e,t,s){let i=r.getAttribute("hash")||e,o=Y(),n=()=>{let a=i==="off"?void 0:U(location.hash)[i];a!==void 0&&t(a)!==!1&&Z(r)};return window.addEventListener("hashchange",n,{signal:s}),s.addEventListener("abort",()=>o.cancel()),n(),{save:a=>i!=="off"&&o.write(i,a)}}function B(r,e){if(typeof r!="string")return null;let[t,...s]=r.split("/");if(!/^[a-z0-9_]+$/.test(t)||s.length!==e)return null;let i=s.map(o=>/^\d+$/.test(o)?Number(o):NaN);return i.some(Number.isNaN)?null:{example:t,numbers:i}}var we=["wheel","touchstart","keydown","pointerdown"];function Z(r,{settle:e=3e3}={}){if(r.scrollIntoView({block:"start"}),!globalThis.ResizeObserver)return;let t=new ResizeObserver(()=>r.scrollIntoView({block:"start"})),s=()=>{t.disconnect(),clearTimeout(i);for(let o of we)window.removeEventListener(o,s,!0)},i=setTimeout(s,e);for(let o of we)window.addEventListener(o,s,{capture:!0,passive:!0});t.observe(document.body)}var ye="sprout-head-select",L=class extends ${startSelection(){this.examples=I(this.getAttribute("examples")||this.getAttribute("example"));let e=!this.state;this.state||=this.initialState(),this.state.example&&!this.examples.includes(this.state.example)&&this.examples.unshift(this.state.example),this.hash=Y();let t=this.lifetime.signal;document.addEventListener(ye,s=>this.onHeadSelect(s),{signal:t}),window.addEventListener("hashchange",()=>this.applyHash(!0),{signal:t}),this.woken=new Promise(s=>{this.wake=s}),D(this,{signal:t}).then(()=>this.wake()),e&&this.applyHash(!0,!1)}disconnected(){this.hash?.cancel()}select(e){this.userSet(e,!1)}announce(){let{example:e,layer:t,head:s}=this.state,i=this.getAttribute("group")||"";document.dispatchEvent(new CustomEvent(ye,{detail:{example:e,layer:t,head:s,group:i,source:this}}))}onHeadSelect(e){let t=e.detail||{};t.source===this||(t.group||"")!==(this.getAttribute("group")||"")||(this.wake(),this.userSet(this.headSelectChange(t),!1))}hashKey(){return this.getAttribute("hash")||this.constructor.permalink.key}applyHash(e,t=!0){let s=this.hashKey();if(s==="off")return;let i=this.constructor.permalink.read(U(location.hash)[s]);if(!i)return;this.examples.includes(i.example)||this.examples.push(i.example),this.wake?.();let o=i.example!==this.state.example;this.takeState(i),t&&(this.fillExampleSelect(),o?this.show(i.example):this.render()),e&&Z(this)}takeState(e){Object.assign(this.state,e)}writeHash(){if(!this.dirty||!this.data||this.dataName!==this.state.example)return;let e=this.constructor.permalink.write(this.state);e!==null&&(this.dirty=!1,this.hashKey()!=="off"&&this.hash.write(this.hashKey(),e))}showStory(e,t){this.ticket=(this.ticket||0)+1,this.examples=[t],this.state.example=t,this.fillExampleSelect(),this.setExample(e,t)}async show(e){if(this.getAttribute("source")==="page")return;if(!e){this.showError('No example chosen: give the element an "example" or "examples" attribute.');return}this.ui.example.value=e;let t=this.ticket=(this.ticket||0)+1;if(await this.woken,!(t!==this.ticket||!this.isConnected))try{let s=await xe(this)||await ge(K(this.exampleFolder(),e));if(t!==this.ticket||!this.isConnected)return;this.setExample(s,e)}catch(s){t===this.ticket&&s.name!=="AbortError"&&this.showError(s.message)}}takeExample(e,t){this.data=e,this.dataName=t,this.ui.error.hidden=!0,this.removeAttribute("error");for(let s of this.ui.example.options)s.value===t&&e.title&&(s.textContent=e.title);this.ui.example.value=t}showError(e){z(this,this.ui.error,e)}fillExampleSelect(){let e=this.ui.example,t=new Map([...e.options].map(s=>[s.value,s.textContent]));e.replaceChildren(...this.examples.map(s=>{let i=d("option","",t.get(s)||pe(s));return i.value=s,i})),e.value=this.state.example,e.closest("label").hidden=this.examples.length<2}paintRamp(){if(this.rampDark===this.dark)return;this.rampDark=this.dark;let e=Array.from({length:11},(t,s)=>he(s/10,this.dark));this.ui.ramp.style.background=`linear-gradient(to right, ${e.join(", ")})`}};var T=`
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
`,F=`
.ramp { display: inline-block; width: 7rem; height: 0.8rem; border: 1px solid var(--fg-lightest); vertical-align: middle; }
.hatch-sample { display: inline-block; width: 1.6rem; height: 0.8rem; vertical-align: middle;
  background: repeating-linear-gradient(135deg, transparent 0 3px, var(--fg-lighter) 3px 6px); }
`;function st(r){let e=B(r,3);if(!e)return null;let[t,s,i]=e.numbers;return t<1||s<1?null:{example:e.example,layer:t,head:s,token:i}}function rt({example:r,layer:e,head:t,token:s}){return`${r}/${e}/${t}/${s}`}var it={key:"explorer",read:st,write:rt};function ot(r,e,t=3){return ue(r,t).map(s=>({index:s,token:e[s],weight:r[s]}))}function nt(r,e,t){if(!r?.length)return"";let s=r.map(o=>`${m(o.token)} ${g(o.prob)}`).join(", "),i=t===void 0?"the story ends here":`the story has ${m(t)}`;return`Sprout's top ${r.length} guesses for the token after ${m(e)}: ${s} (${i}).`}function at(r,e){return["key,token,weight",...r.map((t,s)=>P([s,e[s],t.toFixed(4)]))].join(`
`)+`
`}function lt(r){let e=Object.values(r.marks||{}).map(t=>t.position);return e.length?Math.max(...e):r.tokens.length-1}var ht=`${T}${M}
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
${F}`,ct="The story's tokens; the selected token is the query",dt=`
<style>${ht}</style>
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
</div>`,ee=class extends L{static permalink=it;connected(){this.startSelection(),this.fillExampleSelect(),this.show(this.state.example)}initialState(){return{example:this.getAttribute("example")||this.examples[0],layer:x(this.getAttribute("layer"),1,99,1),head:x(this.getAttribute("head"),1,99,1),token:this.hasAttribute("token")?x(this.getAttribute("token"),0,1e6,null):null}}build(){this.ui=E(this,dt,{example:".example",layer:".layer",head:".head",story:".story",inspect:".inspect",top:".top",error:".error",ramp:".ramp",next:".next",csv:".csv",json:".json"}),this.ui.csv.append(S("weights (CSV)",()=>this.viewFile())),this.ui.json.append(S("JSON",()=>this.exampleFile())),this.ui.example.addEventListener("change",()=>this.userSet({example:this.ui.example.value,token:null},!0)),this.ui.layer.addEventListener("change",()=>this.userSet({layer:Number(this.ui.layer.value)},!0)),this.ui.head.addEventListener("change",()=>this.userSet({head:Number(this.ui.head.value)},!0)),this.ui.story.addEventListener("click",e=>this.onTokenClick(e)),this.ui.story.addEventListener("keydown",e=>this.onKey(e)),this.ui.story.addEventListener("pointerover",e=>this.inspectFrom(e)),this.ui.story.addEventListener("focusin",e=>this.inspectFrom(e)),this.ui.story.addEventListener("pointerleave",()=>this.inspectToken(null)),this.fillNumberSelect(this.ui.layer,8),this.fillNumberSelect(this.ui.head,6)}userSet(e,t){let s={...this.state};Object.assign(this.state,e),this.dirty=!0,e.example!==void 0&&e.example!==s.example?this.show(this.state.example):this.render();let i=["example","layer","head"].some(o=>this.state[o]!==s[o]);t&&i&&this.announce()}headSelectChange(e){let t={};return e.example&&e.example!==this.state.example&&this.examples.includes(e.example)&&(t.example=e.example,t.token=null),Number.isInteger(e.layer)&&(t.layer=e.layer),Number.isInteger(e.head)&&(t.head=e.head),t}clampedState(){let{layers:e,heads:t,T:s}=this.data.maps,i=this.state;return{example:i.example,layer:Math.min(e,Math.max(1,i.layer)),head:Math.min(t,Math.max(1,i.head)),token:i.token===null?lt(this.data):Math.min(s-1,Math.max(0,i.token))}}exampleFolder(){return this.getAttribute("base")||"examples/"}setExample(e,t){this.takeExample(e,t),this.fillNumberSelect(this.ui.layer,e.maps.layers),this.fillNumberSelect(this.ui.head,e.maps.heads),this.buildTokens(e.tokens),this.render(),this.setAttribute("ready","")}showError(e){this.fillStory([d("span","loading","The story could not be shown.")],!1),super.showError(e)}fillStory(e,t){let s=this.ui.story;s.replaceChildren(...e);let i={role:"listbox","aria-label":ct,"aria-describedby":"legend"};for(let[o,n]of Object.entries(i))t?s.setAttribute(o,n):s.removeAttribute(o)}fillNumberSelect(e,t){e.options.length!==t&&e.replaceChildren(...Array.from({length:t},(s,i)=>{let o=d("option","",String(i+1));return o.value=String(i+1),o}))}buildTokens(e){this.tokenEls=e.map((t,s)=>{let i=d("span","tok",b(t));return s===0&&i.classList.add("start"),s>0&&t.startsWith(" ")&&i.classList.add("space"),i.setAttribute("role","option"),i.dataset.index=String(s),i}),this.fillStory(this.tokenEls,!0)}queryWeights(){let{layer:e,head:t,token:s}=this.state;return this.data.maps.row(e-1,t-1,s)}render(){if(!this.data||!this.tokenEls||this.dataName!==this.state.example)return;Object.assign(this.state,this.clampedState());let{layer:e,head:t,token:s}=this.state,{tokens:i,maps:o}=this.data,n=o.head(e-1,t-1),a=s*o.T,l=O(this.dark),c=m(i[s]);this.tokenEls.forEach((h,u)=>{let p=u===s;if(h.tabIndex=p?0:-1,h.setAttribute("aria-selected",String(p)),h.classList.toggle("query",p),u<=s){let f=n[a+u];h.classList.remove("future"),h.style.backgroundColor=l.css[f],h.style.color=l.text[f];let w=g(f/255);h.title=`${m(i[u])}: ${w} of ${c}'s attention`,h.setAttribute("aria-label",`${b(i[u])}, ${p?"query, ":""}${w}`)}else h.classList.add("future"),h.style.backgroundColor="",h.style.color="",h.title=`${m(i[u])} comes later: not visible to ${c}`,h.setAttribute("aria-label",`${b(i[u])}, later, not visible`)}),this.ui.layer.value=String(e),this.ui.head.value=String(t),this.ui.example.value=this.state.example,this.renderTop(),this.inspectToken(this.inspected??null),this.paintRamp(),this.writeHash(),this.dispatchEvent(new CustomEvent("sprout-query",{detail:{layer:e,head:t,token:s}}))}renderTop(){let{layer:e,head:t,token:s}=this.state,i=ot(this.queryWeights(),this.data.tokens,3),o=this.data.tokens[s],a=[`Layer ${e}, head ${t}: ${m(o)} (token ${s}) looks most at `].map(l=>document.createTextNode(l));i.forEach((l,c)=>{let h=d("span","item",`${m(l.token)} (token ${l.index}) ${g(l.weight)}`);h.dataset.index=String(l.index),h.dataset.weight=g(l.weight),a.push(h,document.createTextNode(c<i.length-1?", ":"."))}),this.ui.top.replaceChildren(...a),this.ui.next.textContent=nt(this.data.next?.sprout?.[s],o,this.data.tokens[s+1])}viewFile(){if(!this.data)return null;let{example:e,layer:t,head:s,token:i}=this.state;return{name:`${e}_layer${t}_head${s}_token${i}.csv`,blob:new Blob([at(this.queryWeights(),this.data.tokens)],{type:"text/csv"})}}exampleFile(){if(!this.data)return null;let e=k(this,"example");return e?q(`${this.state.example}.json`,e):{name:`${this.state.example}.json`,url:K(this.exampleFolder(),this.state.example)}}themeChanged(){this.render()}inspectFrom(e){let t=e.target.closest?.(".tok");t&&this.inspectToken(Number(t.dataset.index))}inspectToken(e){this.inspected=e;let t=this.ui.inspect;if(!this.data||e===null||e===void 0){t.textContent="Hover over or focus a token to read its exact weight.";return}let{tokens:s}=this.data,{layer:i,head:o,token:n}=this.state,a=`${m(s[e])} (token ${e})`;if(e>n)t.textContent=`${a} comes later: ${m(s[n])} cannot see it.`;else{let l=this.data.maps.weight(i-1,o-1,n,e);t.textContent=`${a} gets ${g(l)} of the attention of ${m(s[n])} (token ${n}).`}}onTokenClick(e){let t=e.target.closest(".tok");t&&(this.userSet({token:Number(t.dataset.index)},!1),this.tokenEls[this.state.token].focus())}onKey(e){if(!this.data)return;let{layers:t,heads:s,T:i}=this.data.maps,o=this.state,n=this.shadowRoot.activeElement?.closest?.(".tok"),a=n?Number(n.dataset.index):o.token,l=e.key,c=null,h=null;if(e.shiftKey&&(l==="ArrowLeft"||l==="ArrowRight"))h=Math.min(o.token,Math.max(0,a+(l==="ArrowLeft"?-1:1)));else if(l==="ArrowLeft"||l==="ArrowRight")c={token:Math.min(i-1,Math.max(0,o.token+(l==="ArrowLeft"?-1:1)))};else if(l==="Home"||l==="End")c={token:l==="Home"?0:i-1};else if(l==="ArrowUp"||l==="ArrowDown")c={layer:Math.min(t,Math.max(1,o.layer+(l==="ArrowUp"?-1:1)))};else if(l==="["||l==="]"||l==="PageUp"||l==="PageDown")c={head:Math.min(s,Math.max(1,o.head+(l==="["||l==="PageUp"?-1:1)))};else if((l==="Enter"||l===" ")&&n)c={token:a};else return;e.preventDefault(),c&&(this.userSet(c,c.layer!==void 0||c.head!==void 0),h=this.state.token),this.tokenEls[h].focus(),this.inspectToken(h)}};C("sprout-explorer",ee);var R=10,ve=9,ut=10,Le="9px system-ui, sans-serif",pt=520;function Se(r,e,t,s,i){return s>=r+t&&s+i<=r+e?r:Math.max(0,s+i/2-(t+e)/2)}function Ee(r,e,t,s){return!(r>e)||t<1?s:Math.min(s,(r-e)/t)}function mt(r,e){return Math.max(1,Math.ceil(e/r-1e-9))}function $e(r){let e=b(r);return e.length>ve?`${e.slice(0,ve-1)}…`:e}function ft(r,e,t,s){switch(t){case"ArrowUp":return[Math.max(0,r-1),Math.min(e,Math.max(0,r-1))];case"ArrowDown":return[Math.min(s-1,r+1),e];case"ArrowLeft":return[r,Math.max(0,e-1)];case"ArrowRight":return[r,Math.min(r,e+1)];case"Home":return[r,0];case"End":return[r,r];default:return null}}function gt(r,e,t,s){let i=Math.floor(r/t),o=Math.floor(e/t);return o<0||i<0||o>=s||i>=s?null:[o,i]}function Ce(r,e,t){return Math.max(0,Math.min(r*e-1,t*e-(e+2)))}function bt(r,e,t,s){let i=`query ${m(r[e])} (token ${e}) → key ${m(r[t])} (token ${t})`;return t>e?`${i}: in the future, masked`:`${i}: ${g(s)}`}function xt(r,e,t,s){let i=["query,query_token,key,key_token,weight"];for(let o=0;o<r.T;o++)r.row(t-1,s-1,o).forEach((n,a)=>i.push(P([o,e[o],a,e[a],n.toFixed(4)])));return`${i.join(`
`)}
`}function Te(r,e,t){let s=globalThis.devicePixelRatio||1;r.width=Math.round(e*s),r.height=Math.round(t*s),r.style.width=`${e}px`,r.style.height=`${t}px`;let i=r.getContext("2d");return i.setTransform(s,0,0,s,0,0),i.clearRect(0,0,e,t),i}var Me=`/* the enlarged map scrolls under two pinned label strips: keys on top, queries on the left;
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
.readout { min-height: 1.5em; margin: 0.3rem 0; font-variant-numeric: tabular-nums; }`,Ne=`    <p class="hint">In the map: hover or touch it, or focus it and use the arrow keys (<kbd>↑</kbd> <kbd>↓</kbd> query,
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
    <p class="readout" aria-live="polite"></p>`,J=class{constructor(e,t,{thumbnail:s,onEscape:i}){let o=n=>e.querySelector(n);this.ui={big:o(".big"),cursor:o(".cursor"),readout:o(".readout"),scroll:o(".scroll"),corner:o(".corner"),keys:o(".labels.keys"),queries:o(".labels.queries"),zoom:o(".zoom")},this.host=t,this.thumbnail=s,this.onEscape=i,this.view=null,this.keyCursor=null,this.listen()}listen(){let{big:e,zoom:t}=this.ui;e.addEventListener("pointermove",s=>this.onPointer(s)),e.addEventListener("pointerdown",s=>{this.keyCursor=this.onPointer(s)||this.keyCursor}),t.addEventListener("click",()=>{this.fullSize=t.getAttribute("aria-pressed")!=="true",this.draw(),this.setCursor(this.keyCursor||null)}),e.addEventListener("pointerleave",s=>s.pointerType==="touch"||this.setCursor(this.keyCursor||null)),e.addEventListener("keydown",s=>this.onKey(s)),e.addEventListener("focus",()=>{this.view&&this.setCursor(this.keyCursor||=this.startCursor())})}show(e){this.view=e,this.labelMargin=null,this.draw(),this.setCursor(this.keyCursor||null)}forgetCursor(){this.keyCursor=null}refit(){!this.view||this.cellSize(this.margin())===this.cell||(this.draw(),this.setCursor(this.keyCursor||null))}file(){if(!this.view)return null;let{data:e,example:t,layer:s,head:i}=this.view;return{name:`${t}_layer${s}_head${i}.csv`,blob:new Blob([xt(e.maps,e.tokens,s,i)],{type:"text/csv"})}}margin(){if(!this.labelMargin){let e=this.ui.big.getContext("2d");e.font=Le;let t=Math.max(...this.view.data.tokens.map(s=>e.measureText($e(s)).width));this.labelMargin=Math.ceil(Math.min(t,90))+6}return this.labelMargin}cellSize(e){let t=this.ui.scroll.clientWidth-1;return(this.fullSize===void 0?t>0&&t<pt:!this.fullSize)?Ee(t,e,this.view.data.maps.T,R):R}draw(){if(!this.view)return;let{data:e,layer:t,head:s}=this.view,i=e.maps.T,o=this.margin(),n=this.cell=this.cellSize(o),a=n<R;this.ui.scroll.classList.toggle("fit",a),this.ui.zoom.hidden=!a&&Ee(this.ui.scroll.clientWidth,o,i,R)===R,this.ui.zoom.setAttribute("aria-pressed",String(!a));let l=i*n,c=getComputedStyle(this.host).color||"#222",{big:h,corner:u,keys:p,queries:f}=this.ui;h.setAttribute("aria-label",`Attention map of layer ${t}, head ${s}: ${i} queries by ${i} keys`);let w=Te(h,l,l);wt(w,i,c,n),w.imageSmoothingEnabled=!1,w.drawImage(this.thumbnail(t,s),0,0,l,l),u.style.width=`${o}px`,u.style.height=`${o}px`;let Be=mt(n,ut),oe=e.tokens.map((y,_)=>_%Be===0?$e(y):""),ne=Ae(f,o,l,c);ne.textAlign="right",oe.forEach((y,_)=>y&&ne.fillText(y,o-3,_*n+n/2));let V=Ae(p,l,o,c);V.rotate(-Math.PI/2),V.textAlign="left",oe.forEach((y,_)=>y&&V.fillText(y,-(o-3),_*n+n/2))}startCursor(){let e=this.view.data.maps.T;return[e-1,e-1]}setCursor(e){let t=this.ui.cursor;if(!e||!this.view){t.style.display="none",this.ui.readout.textContent="Hover over or touch the map (or focus it and use the arrow keys) to read one weight.";return}let[s,i]=e,{data:o,layer:n,head:a}=this.view,{T:l}=o.maps,c=this.cell;Object.assign(t.style,{display:"block",left:`${Ce(i,c,l)}px`,top:`${Ce(s,c,l)}px`,width:`${c+2}px`,height:`${c+2}px`});let h=i>s?null:o.maps.weight(n-1,a-1,s,i);this.ui.readout.textContent=bt(o.tokens,s,i,h)}onPointer(e){if(!this.view)return null;let t=gt(e.offsetX,e.offsetY,this.cell,this.view.data.maps.T);return this.setCursor(t||this.keyCursor||null),t}onKey(e){if(!this.view)return;if(e.key==="Escape"){this.onEscape();return}let[t,s]=this.keyCursor||this.startCursor(),i=ft(t,s,e.key,this.view.data.maps.T);i&&(e.preventDefault(),this.keyCursor=i,this.setCursor(this.keyCursor),this.scrollCursorIntoView())}scrollCursorIntoView(){let[e,t]=this.keyCursor,s=this.ui.scroll,i=this.margin(),o=this.cell;s.scrollLeft=Se(s.scrollLeft,s.clientWidth,i,i+t*o,o),s.scrollTop=Se(s.scrollTop,s.clientHeight,i,i+e*o,o)}};function Ae(r,e,t,s){let i=Te(r,e,t);return i.fillStyle=s,i.font=Le,i.textBaseline="middle",i}function wt(r,e,t,s){let i=e*s;r.save(),r.beginPath(),r.moveTo(s,0),r.lineTo(i,0),r.lineTo(i,i-s),r.closePath(),r.clip(),r.strokeStyle=t,r.globalAlpha=.15,r.lineWidth=1;for(let o=-i;o<i;o+=5)r.beginPath(),r.moveTo(o,0),r.lineTo(o+i,i),r.stroke();r.restore()}var H={previous_token:{label:"previous-token",from:"examples",about:"mean weight on the token just before, over the example stories"},first_token:{label:"first-token (◆)",from:"examples",about:"mean weight on ◆, over the example stories"},induction:{label:"induction",from:"repeats",about:"mean weight on the token after the earlier copy, on repeated random text"}},_e={label:"what breaks without it",about:"the largest share of one ability lost when the head is replaced by its mean output"},kt={loss_tinystories_validation:"TinyStories loss",loss_generated:"loss on generated stories",repeat:"the repeat",name_probe:"made-up names",pronoun_probe:"pronouns"};function Re(r){return Object.hasOwn(H,r)||r==="breaks"?r:""}function N(r){return r.toFixed(2)}function He(r,e){let t=H[e]?.from;return r?.models?.sprout?.[t]?.[e]??null}function Ie(r,e){return e==="breaks"?r?.ablation?.breaks??null:He(r,e)}function yt(r,e=3){let t=[];return r.forEach((s,i)=>s.forEach((o,n)=>t.push({layer:i+1,head:n+1,score:o}))),t.sort((s,i)=>i.score-s.score||s.layer-i.layer||s.head-i.head),t.slice(0,e)}function Oe(r,e){if(e==="breaks"){let t=r?.ablation?.breaks;return t?yt(t,3):[]}return r?.models?.sprout?.top?.[e]??[]}function ze(r,e){let t=r?.baselines?.[e];if(!t)return"";let s=t.untrained,i=t.called.flat().filter(Boolean).length,o=t.must_clear.includes("shuffled")?"both":"the untrained band";return`Baselines: the best head of an untrained Sprout scores ${s.mean.toFixed(3)} ± ${s.std.toFixed(3)} (${s.seeds.length} seeds); on shuffled tokens the best head scores ${N(t.shuffled.best)}. ${i} of ${t.called.flat().length} heads stand clearly above ${o}.`}function vt(r,e,t){let s=r?.ablation?.breaks?.[e-1]?.[t-1];if(s===void 0)return null;let i=r.ablation.breaks_most?.[e-1]?.[t-1];return`${_e.label} ${N(s)}${i?` (${kt[i]||i})`:""}`}function te(r,e,t){return r?[...Object.keys(H).map(s=>{let i=He(r,s)?.[e-1]?.[t-1];return i===void 0?null:`${H[s].label} ${N(i)}`}),vt(r,e,t)].filter(Boolean):[]}function je(r,e,t){let s=te(r,e,t);return`Layer ${e}, head ${t}${s.length?`; scores: ${s.join(", ")}`:""}`}function Pe(r,e){let t=H[e]||_e,s=e==="breaks"?"Heads whose removal breaks the most":`Top ${t.label} heads`,i=r.about?.[e]??t.about;return`${s} (${i}): `}function De(r,e,{layer:t,head:s,score:i}){let n=r.baselines?.[e]?.called?.[t-1]?.[s-1]===!1?" (not clearly above its baselines)":"";return`layer ${t}, head ${s}: ${N(i)}${n}`}function St(r,e,t,s,i,o=!1){let a={ArrowUp:[r-1,e],ArrowDown:[r+1,e],ArrowLeft:[r,e-1],ArrowRight:[r,e+1],Home:o?[1,1]:[r,1],End:o?[s,i]:[r,i]}[t];return a?[Math.min(s,Math.max(1,a[0])),Math.min(i,Math.max(1,a[1]))]:null}function Et(r,e,t,s){r.fill(0);for(let i=0;i<t;i++){let o=i*t*4,n=i*t;for(let a=0;a<=i;a++,o+=4){let l=e[n+a]*3;r[o]=s[l],r[o+1]=s[l+1],r[o+2]=s[l+2],r[o+3]=255}}}var Ue=`.grid {
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
.cell.top .badge { font-weight: 700; color: var(--fg); box-shadow: inset 0 -2px 0 var(--accent); }  /* accent text on a light page is too faint to read */`;function qe(){let r=d("div","");return r.setAttribute("role","row"),r.style.display="contents",r}function Ke(r,e,t,s){let i=d("span",r,e);return i.setAttribute("role",t),i.setAttribute("aria-label",s),i}var W=class{constructor(e,t){this.box=e,this.cells=null,this.focus=null,e.addEventListener("click",s=>{let i=s.target.closest(".cell");i&&t(Number(i.dataset.layer),Number(i.dataset.head))}),e.addEventListener("keydown",s=>this.onKey(s,t))}build({layers:e,heads:t,T:s}){if(this.cells&&this.shape===`${e}x${t}x${s}`)return;this.shape=`${e}x${t}x${s}`,this.layers=e,this.heads=t,this.box.style.setProperty("--heads",String(t));let i=qe();i.append(d("span","colhead",""));for(let n=1;n<=t;n++)i.append(Ke("colhead",`H${n}`,"columnheader",`head ${n}`));let o=[i];this.cells=[];for(let n=1;n<=e;n++){let a=qe();a.append(Ke("rowhead",`L${n}`,"rowheader",`layer ${n}`));let l=[];for(let c=1;c<=t;c++){let h=d("div","cell");h.setAttribute("role","gridcell"),h.dataset.layer=String(n),h.dataset.head=String(c),h.tabIndex=-1;let u=d("canvas");u.width=s,u.height=s,u.setAttribute("aria-hidden","true");let p=d("span","badge");p.setAttribute("aria-hidden","true"),h.append(u,p),a.append(h),l.push({cell:h,canvas:u,badge:p,context:u.getContext("2d"),image:null})}this.cells.push(l),o.push(a)}this.box.replaceChildren(...o),this.box.setAttribute("role","grid"),this.box.setAttribute("aria-label","Attention maps of all heads: rows are layers, columns are heads")}cellAt(e,t){return this.cells?.[e-1]?.[t-1]}draw(e,t){if(!this.cells)return;let{rgb:s}=O(t);this.cells.forEach((i,o)=>i.forEach((n,a)=>{n.image||=n.context.createImageData(e.T,e.T),Et(n.image.data,e.head(o,a),e.T,s),n.context.putImageData(n.image,0,0)}))}showScores(e,t,s){if(!this.cells)return;let i=new Set(t.map(o=>`${o.layer}/${o.head}`));this.cells.forEach((o,n)=>o.forEach((a,l)=>{let c=e?.[n]?.[l];a.badge.textContent=c===void 0?"":N(c),a.cell.classList.toggle("top",i.has(`${n+1}/${l+1}`)),a.cell.setAttribute("aria-label",s(n+1,l+1))}))}showChoice(e,t){let[s,i]=this.focus;this.focus=[Math.min(this.layers,s),Math.min(this.heads,i)],this.cells.forEach((o,n)=>o.forEach((a,l)=>{a.cell.setAttribute("aria-selected",String(e===n+1&&t===l+1)),a.cell.tabIndex=n+1===this.focus[0]&&l+1===this.focus[1]?0:-1}))}focusCell(){this.cellAt(...this.focus)?.cell.focus()}onKey(e,t){let s=e.target.closest(".cell");if(!s||!this.cells)return;let i=Number(s.dataset.layer),o=Number(s.dataset.head);if(e.key==="Enter"||e.key===" "){e.preventDefault(),t(i,o);return}let n=St(i,o,e.key,this.layers,this.heads,e.ctrlKey);if(!n)return;e.preventDefault(),this.focus=n,this.cells.forEach(l=>l.forEach(c=>{c.cell.tabIndex=-1}));let a=this.cellAt(...n).cell;a.tabIndex=0,a.focus()}};function $t(r){let e=B(r,2);if(!e)return null;let[t,s]=e.numbers;return t<1||s<1?null:{example:e.example,layer:t,head:s}}function Ct({example:r,layer:e,head:t}){return`${r}/${e}/${t}`}var At={key:"heads",read:$t,write:r=>r.layer?Ct(r):null},Lt=`${T}${M}
${Ue}
.tops { margin: 0.3rem 0; }
.tops button { margin: 0.1rem 0.2rem; }
.detail { margin-top: 0.8rem; }
.detail h3 { margin: 0 0 0.2rem; font-size: 1em; }
.scores { margin: 0 0 0.3rem; color: var(--fg-light); }
${Me}
.legend { display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; align-items: center; color: var(--fg-light); font-size: 0.85em; }
${F}`,Tt=`
<style>${Lt}</style>
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
${Ne}
    <p class="hint">Download: <span class="map-csv"></span>, or every head's scores
      (<span class="scores-json"></span>).</p>
  </div>
  <p class="error" role="alert" hidden></p>
</div>`,se=class extends L{static permalink=At;connected(){this.startSelection(),this.grid.focus||=[this.state.layer||1,this.state.head||1],this.fillExampleSelect(),this.ui.kind.value=this.state.kind,this.loadScores(),this.show(this.state.example),window.addEventListener("resize",()=>this.refit(),{signal:this.lifetime.signal})}refit(){!this.data||!this.state.layer||this.ui.detail.hidden||this.map.refit()}initialState(){let e=this.hasAttribute("layer")&&this.hasAttribute("head");return{example:this.getAttribute("example")||this.examples[0],layer:e?x(this.getAttribute("layer"),1,99,1):null,head:e?x(this.getAttribute("head"),1,99,1):null,kind:Re(this.getAttribute("highlight"))}}build(){this.ui=E(this,Tt,{example:".example",kind:".kind",tops:".tops",grid:".grid",detail:".detail",title:".detail-title",scores:".scores",error:".error",ramp:".ramp",mapCsv:".map-csv",scoresJson:".scores-json"}),this.grid=new W(this.ui.grid,(e,t)=>this.selectCell(e,t)),this.map=new J(this.shadowRoot,this,{thumbnail:(e,t)=>this.grid.cellAt(e,t).canvas,onEscape:()=>this.grid.focusCell()}),this.ui.mapCsv.append(S("this map (CSV)",()=>this.map.file())),this.ui.scoresJson.append(S("JSON",()=>this.inlineScores?q("head_scores.json",this.inlineScores):{name:"head_scores.json",url:`${this.base()}head_scores.json`})),this.ui.example.addEventListener("change",()=>this.userSet({example:this.ui.example.value},!0)),this.ui.kind.addEventListener("change",()=>{this.state.kind=this.ui.kind.value,this.renderScores()}),this.ui.tops.addEventListener("click",e=>{let t=e.target.closest("button");t&&this.selectCell(Number(t.dataset.layer),Number(t.dataset.head))})}userSet(e,t){let s={...this.state};Object.assign(this.state,e),this.dirty=!0,this.state.layer&&(this.grid.focus=[this.state.layer,this.state.head]),this.state.example!==s.example?(this.map.forgetCursor(),this.show(this.state.example)):((this.state.layer!==s.layer||this.state.head!==s.head)&&this.map.forgetCursor(),this.render());let i=["example","layer","head"].some(o=>this.state[o]!==s[o]);t&&i&&this.announce()}selectCell(e,t){this.grid.focus=[e,t],this.userSet({layer:e,head:t},!0),this.grid.cellAt(e,t)?.cell.focus()}headSelectChange(e){let t={};return e.example&&this.examples.includes(e.example)&&(t.example=e.example),Number.isInteger(e.layer)&&Number.isInteger(e.head)&&Object.assign(t,{layer:e.layer,head:e.head}),t}takeState(e){super.takeState(e),this.grid.focus=[e.layer,e.head]}base(){let e=this.getAttribute("base")||"./";return e.endsWith("/")?e:`${e}/`}setHeadScores(e){this.headScores=e,this.renderScores()}async loadScores(){if(this.getAttribute("source")==="page")return;await this.woken;let e=`${this.base()}head_scores.json`;try{this.inlineScores=k(this,"head_scores"),this.headScores=this.inlineScores||await A(e,{signal:this.lifetime.signal}),this.renderScores()}catch(t){t.name!=="AbortError"&&(this.headScores=null,this.scoresError=`The head scores could not be loaded: ${t.message}`,this.showError(this.scoresError),this.renderScores())}}exampleFolder(){return`${this.base()}examples/`}setExample(e,t){this.takeExample(e,t),this.scoresError&&this.showError(this.scoresError),this.grid.build(e.maps),this.redrawThumbnails(),this.renderScores(),this.render(),this.paintRamp(),this.setAttribute("ready","")}redrawThumbnails(){this.data&&this.grid.draw(this.data.maps,this.dark)}renderScores(){if(!this.grid.cells)return;let e=this.state.kind,t=e&&this.headScores?Ie(this.headScores,e):null,s=t?Oe(this.headScores,e):[];if(this.grid.showScores(t,s,(i,o)=>je(this.headScores,i,o)),t){let i=[document.createTextNode(Pe(this.headScores,e))];s.forEach(n=>{let a=d("button","",De(this.headScores,e,n));a.type="button",a.dataset.layer=String(n.layer),a.dataset.head=String(n.head),i.push(a)});let o=ze(this.headScores,e);o&&i.push(d("span","band",` ${o}`)),this.ui.tops.replaceChildren(...i)}else{let i=this.scoresError?"Head scores unavailable (see the message below).":"Loading the head scores…";this.ui.tops.textContent=this.headScores||!e?"":i}this.renderDetailScores()}render(){if(!this.grid.cells||this.dataName!==this.state.example)return;let{layers:e,heads:t}=this.data.maps;this.state.layer&&(this.state.layer=Math.min(e,this.state.layer),this.state.head=Math.min(t,this.state.head)),this.grid.showChoice(this.state.layer,this.state.head),this.renderDetail(),this.writeHash()}renderDetail(){let{example:e,layer:t,head:s}=this.state;if(!t){this.ui.detail.hidden=!0;return}this.ui.detail.hidden=!1,this.ui.title.textContent=`Layer ${t}, head ${s}`,this.renderDetailScores(),this.map.show({data:this.data,example:e,layer:t,head:s})}renderDetailScores(){if(!this.state.layer)return;let e=te(this.headScores,this.state.layer,this.state.head);this.ui.scores.textContent=e.length?`Scores: ${e.join(" · ")}`:""}themeChanged(){this.data&&(this.redrawThumbnails(),this.paintRamp(),this.state.layer&&this.map.draw())}};C("sprout-heads",se);function Mt(r,e,t){return r>=e?"future":r>=e-t?"window":"gone"}function re(r){return r.end}var Nt={window:"Window network (sees the last 8 tokens)",gpt1:"gpt-1 (one attention layer)",sprout:"Sprout (sees every earlier token)"},_t=`${T}${M}
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
`,Rt=`
<style>${_t}</style>
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
</div>`,ie=class extends ${connected(){this.size=x(this.getAttribute("size"),1,512,8),this.models=I(this.getAttribute("models")||"window,sprout"),this.link=ke(this,"window",e=>this.useHashCursor(e),this.lifetime.signal),this.load()}build(){this.ui=E(this,Rt,{story:".story",slider:"input",position:".position",status:".status",predictions:".predictions",elsewhere:".elsewhere",error:".error",here:".here",hereTitle:".here-title",hereColumns:".predictions-here"}),this.ui.slider.addEventListener("input",()=>this.readerCursor(Number(this.ui.slider.value))),this.ui.story.addEventListener("keydown",e=>this.onKey(e)),this.ui.story.addEventListener("click",e=>{let t=e.target.closest(".tok");t&&this.readerCursor(Number(t.dataset.index)+1)})}useHashCursor(e){return/^\d+$/.test(e)?(this.wantedCursor=Number(e),this.example&&this.setCursor(this.wantedCursor),!0):!1}readerCursor(e){this.setCursor(e),this.example&&this.link.save(String(this.cursor))}async load(){let e=this.lifetime.signal;await D(this,{signal:e});let t=this.getAttribute("src");try{let s=k(this,"example");if(!t&&!s)throw new Error('No example file: give the element a "src" attribute.');let i=s||await A(t,{signal:e});if(!this.isConnected)return;this.setExample(i)}catch(s){s.name!=="AbortError"&&this.showError(s.message)}}setExample(e){if(!Array.isArray(e?.tokens))throw new Error(`${this.getAttribute("src")} is not an example file`);this.example=e;let t=e.marks||{},s=this.getAttribute("mark")||Object.keys(t)[0];this.mark=t[s]||null,this.predictions=e.predictions?.[s]||null,this.getAttribute("mark")&&!this.mark&&this.showError(`The example has no mark "${s}" (it has: ${Object.keys(t).join(", ")||"none"}).`),this.buildTokens(e.tokens);let i=e.tokens.length;this.ui.slider.max=String(i),this.ui.slider.setAttribute("aria-valuetext",""),this.buildPredictions(),this.setCursor(this.wantedCursor??(this.mark?re(this.mark):Math.min(i,this.size+1))),this.setAttribute("ready","")}showError(e){this.example||this.ui.story.replaceChildren(d("span","loading","The story could not be shown.")),z(this,this.ui.error,e)}buildTokens(e){this.tokenEls=e.map((t,s)=>{let i=d("span","tok",b(t));return s>0&&t.startsWith(" ")&&i.classList.add("space"),i.dataset.index=String(s),i}),this.caret=d("span","caret"),this.caret.setAttribute("aria-hidden","true"),this.ui.story.replaceChildren(...this.tokenEls)}buildPredictions(){if(!this.predictions){this.ui.predictions.replaceChildren();return}let e=this.example.tokens[this.mark.end];this.ui.predictions.replaceChildren(...this.predictionColumns(t=>this.predictions[t],e))}predictionColumns(e,t){return this.models.filter(s=>e(s)).map(s=>{let i=d("section","model");i.dataset.model=s,i.append(d("h3","",Nt[s]||this.example.model_names?.[s]||s));let o=d("ol");for(let n of e(s)){let a=d("li");a.append(d("span","token",m(n.token)));let l=d("span","bar");l.style.width=`${Math.max(1,Math.round(n.prob*80))}px`,l.setAttribute("aria-hidden","true"),a.append(l,d("span","prob",g(n.prob))),n.token===t&&(a.classList.add("answer"),a.append(d("span","note"," ✓ the story’s word"))),o.append(a)}return i.append(o),i})}renderHere(e,t){let s=this.example.next,i=!!s&&!t;if(this.ui.here.hidden=!i,!i){this.ui.hereColumns.replaceChildren();return}let o=this.example.tokens[e];this.ui.hereTitle.textContent=o===void 0?"What the models predict after the last token:":`What the models predict here (the story goes on with ${m(o)}):`,this.ui.hereColumns.replaceChildren(...this.predictionColumns(n=>s[n]?.[e-1],o))}setCursor(e){if(!this.example)return;let t=this.example.tokens.length,s=Math.min(t,Math.max(1,e));this.cursor=s,this.tokenEls.forEach((o,n)=>{let a=Mt(n,s,this.size);o.classList.toggle("window",a==="window"),o.classList.toggle("gone",a==="gone"),o.classList.toggle("future",a==="future")}),this.ui.story.insertBefore(this.caret,this.tokenEls[s]||null),this.ui.slider.value=String(s);let i=m(this.example.tokens[s-1]);this.ui.position.textContent=`after token ${s-1} ${i}`,this.ui.slider.setAttribute("aria-valuetext",`after token ${s-1}, ${i}`),this.renderStatus(s)}renderStatus(e){let t=Math.max(0,e-this.size),s=this.example.tokens.slice(t,e).map(b).join(" "),i=t;this.ui.status.textContent=`The window network sees ${e-t} tokens: ${s}. `+(i?`The ${i} earlier token${i===1?" is":"s are"} invisible to it; ${this.getAttribute("whole")||"Sprout"} sees all ${e}.`:"Nothing has left its window yet.");let o=this.mark&&e===re(this.mark);this.ui.predictions.hidden=!(o&&this.predictions),this.ui.elsewhere.hidden=!this.mark||o,this.mark&&!o&&this.renderElsewhere(),this.renderHere(e,o)}renderElsewhere(){let e=this.ui.elsewhere;if(e.childNodes.length)return;let t=m(this.example.tokens[this.mark.position]),s=d("button","jump","Jump there");s.type="button",s.addEventListener("click",()=>{this.readerCursor(re(this.mark)),this.ui.slider.focus()}),e.append(document.createTextNode(`The models' predictions are shown with the cursor right after ${m(this.mark.text)} (token ${this.mark.position}, ${t}).`),s)}onKey(e){if(!this.example)return;let t=this.example.tokens.length,s={ArrowLeft:this.cursor-1,ArrowRight:this.cursor+1,Home:1,End:t};e.key in s&&(e.preventDefault(),this.readerCursor(s[e.key]))}};C("sprout-window",ie);})();
