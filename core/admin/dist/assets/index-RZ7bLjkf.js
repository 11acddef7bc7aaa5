var e,t,n,r,i,a,o,s,c,l,u,d,f,p,m={},h=[],g=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,_=Array.isArray;function v(e,t){for(var n in t)e[n]=t[n];return e}function y(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function b(t,n,r){var i,a,o,s={};for(o in n)o==`key`?i=n[o]:o==`ref`?a=n[o]:s[o]=n[o];if(arguments.length>2&&(s.children=arguments.length>3?e.call(arguments,2):r),typeof t==`function`&&t.defaultProps!=null)for(o in t.defaultProps)s[o]===void 0&&(s[o]=t.defaultProps[o]);return x(t,s,i,a,null)}function x(e,r,i,a,o){var s={type:e,props:r,key:i,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++n,__i:-1,__u:0};return o==null&&t.vnode!=null&&t.vnode(s),s}function S(e){return e.children}function C(e,t){this.props=e,this.context=t}function w(e,t){if(t==null)return e.__?w(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type==`function`?w(e):null}function T(e){if(e.__P&&e.__d){var n=e.__v,r=n.__e,i=[],a=[],o=v({},n);o.__v=n.__v+1,t.vnode&&t.vnode(o),ee(e.__P,o,n,e.__n,e.__P.namespaceURI,32&n.__u?[r]:null,i,r??w(n),!!(32&n.__u),a),o.__v=n.__v,o.__.__k[o.__i]=o,ne(i,o,a),n.__e=n.__=null,o.__e!=r&&E(o)}}function E(e){if((e=e.__)!=null&&e.__c!=null)return e.__e=e.__c.base=null,e.__k.some(function(t){if(t!=null&&t.__e!=null)return e.__e=e.__c.base=t.__e}),E(e)}function D(e){(!e.__d&&(e.__d=!0)&&r.push(e)&&!O.__r++||i!=t.debounceRendering)&&((i=t.debounceRendering)||a)(O)}function O(){try{for(var e,t=1;r.length;)r.length>t&&r.sort(o),e=r.shift(),t=r.length,T(e)}finally{r.length=O.__r=0}}function k(e,t,n,r,i,a,o,s,c,l,u){var d,f,p,g,_,v,y=r&&r.__k||h,b=t.length;for(c=A(n,t,y,c,b),d=0;d<b;d++)(p=n.__k[d])!=null&&(f=p.__i!=-1&&y[p.__i]||m,p.__i=d,v=ee(e,p,f,i,a,o,s,c,l,u),g=p.__e,p.ref&&f.ref!=p.ref&&(f.ref&&ae(f.ref,null,p),u.push(p.ref,p.__c||g,p)),_==null&&g!=null&&(_=g),4&p.__u?(c=j(p,c,e),f.__e&&(f.__e=null)):typeof p.type==`function`&&v!==void 0?c=v:g&&(c=g.nextSibling),p.__u&=-7);return n.__e=_,c}function A(e,t,n,r,i){var a,o,s,c,l,u=n.length,d=u,f=0;for(e.__k=Array(i),a=0;a<i;a++)(o=t[a])!=null&&typeof o!=`boolean`&&typeof o!=`function`?(typeof o==`string`||typeof o==`number`||typeof o==`bigint`||o.constructor==String?o=e.__k[a]=x(null,o,null,null,null):_(o)?o=e.__k[a]=x(S,{children:o},null,null,null):o.constructor===void 0&&o.__b>0?o=e.__k[a]=x(o.type,o.props,o.key,o.ref?o.ref:null,o.__v):e.__k[a]=o,c=a+f,o.__=e,o.__b=e.__b+1,s=null,(l=o.__i=M(o,n,c,d))!=-1&&(d--,(s=n[l])&&(s.__u|=2)),s==null||s.__v==null?(l==-1&&(i>u?f--:i<u&&f++),typeof o.type!=`function`&&(o.__u|=4)):l!=c&&(l==c-1?f--:l==c+1?f++:(l>c?f--:f++,o.__u|=4))):e.__k[a]=null;if(d)for(a=0;a<u;a++)(s=n[a])!=null&&!(2&s.__u)&&(s.__e==r&&(r=w(s)),oe(s,s));return r}function j(e,t,n){var r,i;if(typeof e.type==`function`){for(r=e.__k,i=0;r&&i<r.length;i++)r[i]&&(r[i].__=e,t=j(r[i],t,n));return t}e.__e!=t&&(t&&e.type&&!t.parentNode&&(t=w(e)),t=n.insertBefore(e.__e,t||null));do t&&=t.nextSibling;while(t!=null&&t.nodeType==8);return t}function M(e,t,n,r){var i,a,o,s=e.key,c=e.type,l=t[n],u=l!=null&&!(2&l.__u);if(l===null&&s==null||u&&s==l.key&&c==l.type)return n;if(r>+!!u){for(i=n-1,a=n+1;i>=0||a<t.length;)if((l=t[o=i>=0?i--:a++])!=null&&!(2&l.__u)&&s==l.key&&c==l.type)return o}return-1}function N(e,t,n){t[0]==`-`?e.setProperty(t,n??``):e[t]=n==null?``:typeof n!=`number`||g.test(t)?n:n+`px`}function P(e,t,n,r,i){var a,o;n:if(t==`style`){if(typeof n==`string`)e.style.cssText=n;else{if(typeof r==`string`&&(e.style.cssText=r=``),r)for(t in r)n&&t in n||N(e.style,t,``);if(n)for(t in n)r&&n[t]==r[t]||N(e.style,t,n[t])}}else if(t[0]==`o`&&t[1]==`n`)a=t!=(t=t.replace(u,`$1`)),o=t.toLowerCase(),t=o in e||t==`onFocusOut`||t==`onFocusIn`?o.slice(2):t.slice(2),e.l||={},e.l[t+a]=n,n?r?n[l]=r[l]:(n[l]=d,e.addEventListener(t,a?p:f,a)):e.removeEventListener(t,a?p:f,a);else{if(i==`http://www.w3.org/2000/svg`)t=t.replace(/xlink(H|:h)/,`h`).replace(/sName$/,`s`);else if(t!=`width`&&t!=`height`&&t!=`href`&&t!=`list`&&t!=`form`&&t!=`tabIndex`&&t!=`download`&&t!=`rowSpan`&&t!=`colSpan`&&t!=`role`&&t!=`popover`&&t in e)try{e[t]=n??``;break n}catch{}typeof n==`function`||(n==null||!1===n&&t[4]!=`-`?e.removeAttribute(t):e.setAttribute(t,t==`popover`&&n==1?``:n))}}function F(e){return function(n){if(this.l){var r=this.l[n.type+e];if(n[c]==null)n[c]=d++;else if(n[c]<r[l])return;return r(t.event?t.event(n):n)}}}function ee(e,n,r,i,a,o,s,c,l,u){var d,f,p,m,g,b,x,T,E,D,O,A,j,M,N,P,F=n.type;if(n.constructor!==void 0)return null;128&r.__u&&(l=!!(32&r.__u),o=[c=n.__e=r.__e]),(d=t.__b)&&d(n);n:if(typeof F==`function`){f=s.length;try{if(E=n.props,D=F.prototype&&F.prototype.render,O=(d=F.contextType)&&i[d.__c],A=d?O?O.props.value:d.__:i,r.__c?T=(p=n.__c=r.__c).__=p.__E:(D?n.__c=p=new F(E,A):(n.__c=p=new C(E,A),p.constructor=F,p.render=se),O&&O.sub(p),p.state||(p.state={}),p.__n=i,m=p.__d=!0,p.__h=[],p._sb=[]),D&&p.__s==null&&(p.__s=p.state),D&&F.getDerivedStateFromProps!=null&&(p.__s==p.state&&(p.__s=v({},p.__s)),v(p.__s,F.getDerivedStateFromProps(E,p.__s))),g=p.props,b=p.state,p.__v=n,m)D&&F.getDerivedStateFromProps==null&&p.componentWillMount!=null&&p.componentWillMount(),D&&p.componentDidMount!=null&&p.__h.push(p.componentDidMount);else{if(D&&F.getDerivedStateFromProps==null&&E!==g&&p.componentWillReceiveProps!=null&&p.componentWillReceiveProps(E,A),n.__v==r.__v||!p.__e&&p.shouldComponentUpdate!=null&&!1===p.shouldComponentUpdate(E,p.__s,A)){n.__v!=r.__v&&(p.props=E,p.state=p.__s,p.__d=!1),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(e){e&&(e.__=n)}),h.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&s.push(p),c=w(r);break n}p.componentWillUpdate!=null&&p.componentWillUpdate(E,p.__s,A),D&&p.componentDidUpdate!=null&&p.__h.push(function(){p.componentDidUpdate(g,b,x)})}if(p.context=A,p.props=E,p.__P=e,p.__e=!1,j=t.__r,M=0,D)p.state=p.__s,p.__d=!1,j&&j(n),d=p.render(p.props,p.state,p.context),h.push.apply(p.__h,p._sb),p._sb=[];else do p.__d=!1,j&&j(n),d=p.render(p.props,p.state,p.context),p.state=p.__s;while(p.__d&&++M<25);p.state=p.__s,p.getChildContext!=null&&(i=v(v({},i),p.getChildContext())),D&&!m&&p.getSnapshotBeforeUpdate!=null&&(x=p.getSnapshotBeforeUpdate(g,b)),N=d!=null&&d.type===S&&d.key==null?re(d.props.children):d,c=k(e,_(N)?N:[N],n,r,i,a,o,s,c,l,u),p.base=n.__e,n.__u&=-161,p.__h.length&&s.push(p),T&&(p.__E=p.__=null)}catch(e){if(s.length=f,n.__v=null,l||o!=null){if(e.then){for(n.__u|=l?160:128;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;o!=null&&(o[o.indexOf(c)]=null),n.__e=c}else if(o!=null)for(P=o.length;P--;)y(o[P])}else n.__e=r.__e;n.__k??=r.__k||[],e.then||te(n),t.__e(e,n,r)}}else o==null&&n.__v==r.__v?(n.__k=r.__k,n.__e=r.__e):c=n.__e=ie(r.__e,n,r,i,a,o,s,l,u);return(d=t.diffed)&&d(n),128&n.__u?void 0:c}function te(e){e&&(e.__c&&(e.__c.__e=!0),e.__k&&e.__k.some(te))}function ne(e,n,r){for(var i=0;i<r.length;i++)ae(r[i],r[++i],r[++i]);t.__c&&t.__c(n,e),e.some(function(n){try{e=n.__h,n.__h=[],e.some(function(e){e.call(n)})}catch(e){t.__e(e,n.__v)}})}function re(e){return typeof e!=`object`||!e||e.__b>0?e:_(e)?e.map(re):e.constructor===void 0?v({},e):null}function ie(n,r,i,a,o,s,c,l,u){var d,f,p,h,g,v,b,x=i.props||m,S=r.props,C=r.type;if(C==`svg`?o=`http://www.w3.org/2000/svg`:C==`math`?o=`http://www.w3.org/1998/Math/MathML`:o||=`http://www.w3.org/1999/xhtml`,s!=null){for(d=0;d<s.length;d++)if((g=s[d])&&`setAttribute`in g==!!C&&(C?g.localName==C:g.nodeType==3)){n=g,s[d]=null;break}}if(n==null){if(C==null)return document.createTextNode(S);n=document.createElementNS(o,C,S.is&&S),l&&=(t.__m&&t.__m(r,s),!1),s=null}if(C==null)x===S||l&&n.data==S||(n.data=S);else{if(s=C==`textarea`&&S.defaultValue!=null?null:s&&e.call(n.childNodes),!l&&s!=null)for(x={},d=0;d<n.attributes.length;d++)x[(g=n.attributes[d]).name]=g.value;for(d in x)g=x[d],d==`dangerouslySetInnerHTML`?p=g:d==`children`||d in S||d==`value`&&`defaultValue`in S||d==`checked`&&`defaultChecked`in S||P(n,d,null,g,o);for(d in S)g=S[d],d==`children`?h=g:d==`dangerouslySetInnerHTML`?f=g:d==`value`?v=g:d==`checked`?b=g:l&&typeof g!=`function`||x[d]===g||P(n,d,g,x[d],o);if(f)l||p&&(f.__html==p.__html||f.__html==n.innerHTML)||(n.innerHTML=f.__html),r.__k=[];else if(p&&(n.innerHTML=``),k(r.type==`template`?n.content:n,_(h)?h:[h],r,i,a,C==`foreignObject`?`http://www.w3.org/1999/xhtml`:o,s,c,s?s[0]:i.__k&&w(i,0),l,u),s!=null)for(d=s.length;d--;)y(s[d]);l&&C!=`textarea`||(d=`value`,C==`progress`&&v==null?n.removeAttribute(`value`):v!=null&&(v!==n[d]||C==`progress`&&!v||C==`option`&&v!=x[d])&&P(n,d,v,x[d],o),d=`checked`,b!=null&&b!=n[d]&&P(n,d,b,x[d],o))}return n}function ae(e,n,r){try{if(typeof e==`function`){var i=typeof e.__u==`function`;i&&e.__u(),i&&n==null||(e.__u=e(n))}else e.current=n}catch(e){t.__e(e,r)}}function oe(e,n,r){var i,a;if(t.unmount&&t.unmount(e),(i=e.ref)&&(i.current&&i.current!=e.__e||ae(i,null,n)),(i=e.__c)!=null){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(e){t.__e(e,n)}i.base=i.__P=i.__n=null}if(i=e.__k)for(a=0;a<i.length;a++)i[a]&&oe(i[a],n,r||typeof e.type!=`function`);r||y(e.__e),e.__c=e.__=e.__e=void 0}function se(e,t,n){return this.constructor(e,n)}function ce(n,r,i){var a,o,s,c;r==document&&(r=document.documentElement),t.__&&t.__(n,r),o=(a=typeof i==`function`)?null:i&&i.__k||r.__k,s=[],c=[],ee(r,n=(!a&&i||r).__k=b(S,null,[n]),o||m,m,r.namespaceURI,!a&&i?[i]:o?null:r.firstChild?e.call(r.childNodes):null,s,!a&&i?i:o?o.__e:r.firstChild,a,c),ne(s,n,c),n.props.children=null}e=h.slice,t={__e:function(e,t,n,r){for(var i,a,o;t=t.__;)if((i=t.__c)&&!i.__)try{if((a=i.constructor)&&a.getDerivedStateFromError!=null&&(i.setState(a.getDerivedStateFromError(e)),o=i.__d),i.componentDidCatch!=null&&(i.componentDidCatch(e,r||{}),o=i.__d),o)return i.__E=i}catch(t){e=t}throw e}},n=0,C.prototype.setState=function(e,t){var n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=v({},this.state);typeof e==`function`&&(e=e(v({},n),this.props)),e&&v(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),D(this))},C.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),D(this))},C.prototype.render=S,r=[],a=typeof Promise==`function`?Promise.prototype.then.bind(Promise.resolve()):setTimeout,o=function(e,t){return e.__v.__b-t.__v.__b},O.__r=0,s=Math.random().toString(8),c=`__d`+s,l=`__a`+s,u=/(PointerCapture)$|Capture$/i,d=0,f=F(!1),p=F(!0);var I,L,le,ue,de=0,fe=[],R=t,pe=R.__b,me=R.__r,he=R.diffed,ge=R.__c,_e=R.unmount,ve=R.__;function z(e,t){R.__h&&R.__h(L,e,de||t),de=0;var n=L.__H||(L.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function B(e){return de=1,ye(De,e)}function ye(e,t,n){var r=z(I++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):De(void 0,t),function(e){var t=r.__N?r.__N[0]:r.__[0],n=r.t(t,e);t!==n&&(r.__N=[n,r.__[1]],r.__c.setState({}))}],r.__c=L,!L.__f)){var i=function(e,t,n){if(!r.__c.__H)return!0;var i=!1,o=r.__c.props!==e;if(r.__c.__H.__.some(function(e){if(e.__N){i=!0;var t=e.__[0];e.__=e.__N,e.__N=void 0,t!==e.__[0]&&(o=!0)}}),a){var s=a.call(this,e,t,n);return i?s||o:s}return!i||o};L.__f=!0;var a=L.shouldComponentUpdate,o=L.componentWillUpdate;L.componentWillUpdate=function(e,t,n){if(this.__e){var r=a;a=void 0,i(e,t,n),a=r}o&&o.call(this,e,t,n)},L.shouldComponentUpdate=i}return r.__N||r.__}function V(e,t){var n=z(I++,3);!R.__s&&Ee(n.__H,t)&&(n.__=e,n.u=t,L.__H.__h.push(n))}function be(e,t){var n=z(I++,4);!R.__s&&Ee(n.__H,t)&&(n.__=e,n.u=t,L.__h.push(n))}function xe(e){return de=5,H(function(){return{current:e}},[])}function H(e,t){var n=z(I++,7);return Ee(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function Se(){for(var e;e=fe.shift();){var t=e.__H;if(e.__P&&t)try{t.__h.some(U),t.__h.some(Te),t.__h=[]}catch(n){t.__h=[],R.__e(n,e.__v)}}}R.__b=function(e){L=null,pe&&pe(e)},R.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),ve&&ve(e,t)},R.__r=function(e){me&&me(e),I=0;var t=(L=e.__c).__H;t&&(le===L?(t.__h=[],L.__h=[],t.__.some(function(e){e.__N&&(e.__=e.__N),e.u=e.__N=void 0})):(t.__h.some(U),t.__h.some(Te),t.__h=[],I=0)),le=L},R.diffed=function(e){he&&he(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(fe.push(t)!==1&&ue===R.requestAnimationFrame||((ue=R.requestAnimationFrame)||we)(Se)),t.__H.__.some(function(e){e.u&&=(e.__H=e.u,void 0)})),le=L=null},R.__c=function(e,t){t.some(function(e){try{e.__h.some(U),e.__h=e.__h.filter(function(e){return!e.__||Te(e)})}catch(n){t.some(function(e){e.__h&&=[]}),t=[],R.__e(n,e.__v)}}),ge&&ge(e,t)},R.unmount=function(e){_e&&_e(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.some(function(e){try{U(e)}catch(e){t=e}}),n.__H=void 0,t&&R.__e(t,n.__v))};var Ce=typeof requestAnimationFrame==`function`;function we(e){var t,n=function(){clearTimeout(r),Ce&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);Ce&&(t=requestAnimationFrame(n))}function U(e){var t=L,n=e.__c;typeof n==`function`&&(e.__c=void 0,n()),L=t}function Te(e){var t=L;e.__c=e.__(),L=t}function Ee(e,t){return!e||e.length!==t.length||t.some(function(t,n){return t!==e[n]})}function De(e,t){return typeof t==`function`?t(e):t}var Oe=function(e,t,n,r){var i;t[0]=0;for(var a=1;a<t.length;a++){var o=t[a++],s=t[a]?(t[0]|=o?1:2,n[t[a++]]):t[++a];o===3?r[0]=s:o===4?r[1]=Object.assign(r[1]||{},s):o===5?(r[1]=r[1]||{})[t[++a]]=s:o===6?r[1][t[++a]]+=s+``:o?(i=e.apply(s,Oe(e,s,n,[``,null])),r.push(i),s[0]?t[0]|=2:(t[a-2]=0,t[a]=i)):r.push(s)}return r},ke=new Map;function Ae(e){var t=ke.get(this);return t||(t=new Map,ke.set(this,t)),(t=Oe(this,t.get(e)||(t.set(e,t=function(e){for(var t,n,r=1,i=``,a=``,o=[0],s=function(e){r===1&&(e||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,``)))?o.push(0,e,i):r===3&&(e||i)?(o.push(3,e,i),r=2):r===2&&i===`...`&&e?o.push(4,e,0):r===2&&i&&!e?o.push(5,0,!0,i):r>=5&&((i||!e&&r===5)&&(o.push(r,0,i,n),r=6),e&&(o.push(r,e,0,n),r=6)),i=``},c=0;c<e.length;c++){c&&(r===1&&s(),s(c));for(var l=0;l<e[c].length;l++)t=e[c][l],r===1?t===`<`?(s(),o=[o],r=3):i+=t:r===4?i===`--`&&t===`>`?(r=1,i=``):i=t+i[0]:a?t===a?a=``:i+=t:t===`"`||t===`'`?a=t:t===`>`?(s(),r=1):r&&(t===`=`?(r=5,n=i,i=``):t===`/`&&(r<5||e[c][l+1]===`>`)?(s(),r===3&&(o=o[0]),r=o,(o=o[0]).push(2,0,r),r=0):t===` `||t===`	`||t===`
`||t===`\r`?(s(),r=2):i+=t),r===3&&i===`!--`&&(r=4,o=o[0])}return s(),o}(e)),t),arguments,[])).length>1?t:t[0]}var W=Ae.bind(b),je=class extends Error{constructor(e,t,n,r){super(n),this.status=e,this.name=t,this.details=r||{}}};function Me(e,t){let n=t&&typeof t==`object`?t.error:null;return n&&typeof n==`object`&&typeof n.message==`string`?new je(n.status||e,n.name||`Error`,n.message,n.details):typeof n==`string`?new je(e,`Error`,n):new je(e,`Error`,`The server answered ${e}.`)}function Ne({page:e=1,pageSize:t=25,sort:n=``,search:r=``,searchField:i=``,status:a=``,locale:o=``,filters:s=[]}={}){let c=[`pagination[page]=${e}`,`pagination[pageSize]=${t}`];return a&&c.push(`status=${a}`),o&&c.push(`locale=${encodeURIComponent(o)}`),n&&c.push(`sort=${encodeURIComponent(n)}`),r&&i&&c.push(`filters[${encodeURIComponent(i)}][$containsi]=${encodeURIComponent(r)}`),c.push(...s),c.join(`&`)}function Pe(e){let t=[`status=published`,`fields[0]=documentId`,`pagination[pageSize]=${Math.max(e.length,1)}`];return e.forEach((e,n)=>t.push(`filters[documentId][$in][${n}]=${encodeURIComponent(e)}`)),t.join(`&`)}function G(e,t){let n=[e&&`status=${e}`,t&&`locale=${encodeURIComponent(t)}`].filter(Boolean);return n.length?`?${n.join(`&`)}`:``}function Fe(e,t,n=[]){let r=[e&&`status=${e}`,t&&`locale=${encodeURIComponent(t)}`,...n].filter(Boolean);return r.length?`?${r.join(`&`)}`:``}function Ie(e){let t=e.schema.pluginOptions;return!!(t&&t.i18n&&t.i18n.localized)}function Le(e,t){return e===`${t}:asc`?`${t}:desc`:`${t}:asc`}function Re(e,t){let n=new Set(t);return e.filter(e=>e.schema.visible&&e.schema.kind===`collectionType`&&n.has(`${e.apiID}.find`)).sort((e,t)=>e.schema.displayName.localeCompare(t.schema.displayName))}function ze(e,t){if(!e.allowedTypes)return!0;let n=t.startsWith(`image/`)?`images`:t.startsWith(`video/`)?`videos`:t.startsWith(`audio/`)?`audios`:`files`;return e.allowedTypes.includes(n)}function K(e,t,n){let r=t+n;if(r<0||r>=e.length)return e;let i=[...e];return[i[t],i[r]]=[i[r],i[t]],i}function Be(e,t){let n=We(e);return n&&t[n]||t.documentId}function Ve(e,t){let n=new Set(t);return e.filter(e=>e.schema.visible&&e.schema.kind===`singleType`&&n.has(`${e.apiID}.find`)).sort((e,t)=>e.schema.displayName.localeCompare(t.schema.displayName))}var He=new Set([`string`,`text`,`email`,`uid`,`integer`,`biginteger`,`decimal`,`float`,`boolean`,`date`,`time`,`datetime`,`enumeration`]);function Ue(e,t=5){return Object.entries(e.schema.attributes).filter(([,e])=>He.has(e.type)&&!e.private).slice(0,t).map(([e,t])=>({name:e,type:t.type}))}function We(e){let t=Object.entries(e.schema.attributes).find(([,e])=>[`string`,`text`,`email`,`uid`].includes(e.type)&&!e.private);return t?t[0]:``}var Ge=[[`images`,`Images`,[`filters[mime][$startsWith]=image/`]],[`videos`,`Videos`,[`filters[mime][$startsWith]=video/`]],[`audios`,`Audio`,[`filters[mime][$startsWith]=audio/`]],[`files`,`Other files`,[`image/`,`video/`,`audio/`].map((e,t)=>`filters[$and][${t}][mime][$notContainsi]=${e}`)]];function Ke({start:e=0,limit:t=50,search:n=``,kind:r=``}={}){let i=[`start=${e}`,`limit=${t}`,`sort=createdAt:desc`];n&&i.push(`filters[name][$containsi]=${encodeURIComponent(n)}`);let a=Ge.find(([e])=>e===r);return a&&i.push(...a[2]),i.join(`&`)}function q(e){return!e.mime||!e.mime.startsWith(`image/`)?``:e.formats&&e.formats.thumbnail&&e.formats.thumbnail.url||e.url}function qe(e){return e>=1024?`${(e/1024).toFixed(1)} MB`:`${Math.round(e)} KB`}function Je(e,t){let n=[];for(let r=t-1;r>=0;r--){let t=new Date(Date.UTC(e.getUTCFullYear(),e.getUTCMonth()-r,1)),i=new Date(Date.UTC(t.getUTCFullYear(),t.getUTCMonth()+1,1));n.push({label:t.toISOString().slice(0,7),from:t.toISOString(),to:i.toISOString()})}return n}function Ye(e,t=``){let n=[`filters[createdAt][$gte]=${e.from}`,`filters[createdAt][$lt]=${e.to}`];return t&&n.push(`filters[status][$eq]=${t}`),n.join(`&`)}function Xe(e,t,n,r=8){let i=Math.max(...e,0)||1,a=e.length?(t-r*(e.length-1))/e.length:0;return e.map((e,t)=>{let o=Math.round(e/i*n);return{x:Math.round(t*(a+r)),y:n-o,width:Math.round(a),height:o}})}function Ze(e){let t=new Date(Date.UTC(e.getUTCFullYear(),e.getUTCMonth(),e.getUTCDate()-(e.getUTCDay()+6)%7)),n=[];for(let e=0;e<7;e++){let r=new Date(t.getTime()+e*864e5);n.push({date:r.toISOString().slice(0,10),name:[`Mon`,`Tue`,`Wed`,`Thu`,`Fri`,`Sat`,`Sun`][e]})}let r=new Date(t.getTime()+6048e5);return{days:n,from:t.toISOString().slice(0,19),to:r.toISOString().slice(0,19)}}function Qe(e,t){let n={};for(let r of e)(n[t(r).slice(0,10)]||=[]).push(r);return n}function $e(e){let t=[],n=(e,r)=>{if(typeof e==`number`&&![`id`,`order`].includes(r[r.length-1])){let n=/Rate$|^utilization$/.test(r[r.length-1]);t.push({label:r.join(` `),value:n?`${Math.round(e*100)} %`:String(e)})}else if(e&&typeof e==`object`&&!Array.isArray(e))for(let[t,i]of Object.entries(e))n(i,[...r,t])};return n(e,[]),t}function et(e,t){let n=e=>`${Math.round((e||0)*100)} %`,r=e=>Object.entries(e||{}).map(([e,t])=>({label:e,value:t})),i=[];if((e===`program`||e===`customer`)&&(i.push({title:`Enrolments by status`,items:r(t.enrollments&&t.enrollments.byStatus)}),i.push({title:`Events`,items:r(t.events)})),e===`program`&&(i.push({title:`Learners by progress (%)`,items:(t.progressHistogram||[]).map(e=>({label:`${e.from}–${e.to}`,value:e.count}))}),(t.coaches||[]).length&&i.push({title:`Hours delivered by coach`,items:t.coaches.map(e=>({label:e.name,value:e.hoursDelivered}))})),e===`customer`&&(t.programs||[]).length&&i.push({title:`Completion by program`,items:t.programs.map(e=>({label:e.title,value:e.completionRate,shown:n(e.completionRate)}))}),e===`coach`&&t.learners){let{assigned:e=0,capacity:n=0}=t.learners;i.push({title:`Learners`,items:[{label:`assigned`,value:e},{label:`free`,value:Math.max(n-e,0)}]}),i.push({title:`Events`,items:r(t.events)})}return i.filter(e=>e.items.length)}var tt=[`entry.create`,`entry.update`,`entry.delete`,`entry.publish`,`media.create`,`media.update`,`media.delete`];function nt(e,t){let n=[...e];for(let e of t.split(`,`).map(e=>e.trim()).filter(Boolean))n.includes(e)||n.push(e);return n}var rt=864e5,it=[[`Unlimited`,null],[`7 days`,7*rt],[`30 days`,30*rt],[`90 days`,90*rt]];function at(e){return e?`${e.slice(0,10)} ${e.slice(11,16)} UTC`:`—`}function ot(e){if(e==null)return``;if(typeof e==`boolean`)return e?`Yes`:`No`;let t=String(e);return t.length>80?`${t.slice(0,79)}…`:t}function st({base:e=``,token:t=()=>``,onExpired:n=()=>{},fetch:r=globalThis.fetch}={}){async function i(i,a,o){let s={Accept:`application/json`},c=t();c&&(s.Authorization=`Bearer ${c}`),o!==void 0&&(s[`Content-Type`]=`application/json`);let l=await r(e+a,{method:i,headers:s,body:o===void 0?void 0:JSON.stringify(o)}),u=null;try{u=await l.json()}catch{u=null}if(!l.ok){let e=Me(l.status,u);throw l.status===401&&c&&n(e),e}return u}async function a(i,a){let o={Accept:`application/json`},s=t();s&&(o.Authorization=`Bearer ${s}`);let c=await r(e+i,{method:`POST`,headers:o,body:a}),l=null;try{l=await c.json()}catch{l=null}if(!c.ok){let e=Me(c.status,l);throw c.status===401&&s&&n(e),e}return l}return{signIn:(e,t)=>i(`POST`,`/api/auth/local`,{identifier:e,password:t}),permissions:()=>i(`GET`,`/api/users/me/permissions`),contentTypes:()=>i(`GET`,`/api/content-type-builder/content-types`),components:()=>i(`GET`,`/api/content-type-builder/components`),list:(e,t)=>i(`GET`,`/api/${e}?${Ne(t)}`),entry:(e,t,n=``,r=[],a=``)=>i(`GET`,`/api/${e}/${encodeURIComponent(t)}${Fe(n,a,r)}`),locales:()=>i(`GET`,`/api/i18n/locales`),pick:(e,t,n)=>i(`GET`,`/api/${e}?pagination[pageSize]=10`+(t&&n?`&filters[${encodeURIComponent(t)}][$containsi]=${encodeURIComponent(n)}`:``)),create:(e,t,n=``,r=``)=>i(`POST`,`/api/${e}${G(n,r)}`,{data:t}),update:(e,t,n,r=``,a=``)=>i(`PUT`,`/api/${e}/${encodeURIComponent(t)}${G(r,a)}`,{data:n}),files:(e={})=>i(`GET`,`/api/upload/files?${Ke(e)}`),describeFile:(e,t)=>{let n=new FormData;return n.append(`fileInfo`,JSON.stringify(t)),a(`/api/upload?id=${e}`,n)},deleteFile:e=>i(`DELETE`,`/api/upload/files/${e}`),upload:(r,i=()=>{})=>new Promise((a,o)=>{let s=new XMLHttpRequest;s.open(`POST`,`${e}/api/upload`);let c=t();c&&s.setRequestHeader(`Authorization`,`Bearer ${c}`),s.upload.onprogress=e=>e.lengthComputable&&i(e.loaded/e.total),s.onload=()=>{let e=null;try{e=JSON.parse(s.responseText)}catch{e=null}if(s.status>=200&&s.status<300){i(1),a(e);return}let t=Me(s.status,e);s.status===401&&c&&n(t),o(t)},s.onerror=()=>o(new je(0,`NetworkError`,`The upload did not reach the server.`));let l=new FormData;l.append(`files`,r,r.name),s.send(l)}),dashboard:()=>i(`GET`,`/api/analytics/dashboard`),figures:(e,t)=>i(`GET`,`/api/analytics/${e}/${encodeURIComponent(t)}`),count:async(e,t)=>{let{meta:n}=await i(`GET`,`/api/${e}?${t}&pagination[pageSize]=1&fields[0]=documentId`);return n.pagination.total},coachEvents:(e,t,n)=>i(`GET`,`/api/events?filters[coach][id][$eq]=${e}&filters[startAt][$gte]=${t}&filters[startAt][$lt]=${n}&sort=startAt:asc&pagination[pageSize]=100`),availability:(e,t,n)=>i(`GET`,`/api/coaches/${e}/availability?from=${t}&to=${n}&duration=30`),coachLearners:e=>i(`GET`,`/api/coaches/${e}/learners?pagination[pageSize]=100`),assign:(e,t)=>i(`POST`,`/api/coaches/${e}/learners`,{learners:t}),unassign:(e,t)=>i(`DELETE`,`/api/coaches/${e}/learners/${encodeURIComponent(t)}`),webhooks:()=>i(`GET`,`/api/admin/webhooks`),createWebhook:e=>i(`POST`,`/api/admin/webhooks`,{data:e}),updateWebhook:(e,t)=>i(`PUT`,`/api/admin/webhooks/${e}`,{data:t}),deleteWebhook:e=>i(`DELETE`,`/api/admin/webhooks/${e}`),deliveries:e=>i(`GET`,`/api/admin/webhooks/${e}/deliveries?pagination[pageSize]=20`),redeliver:(e,t)=>i(`POST`,`/api/admin/webhooks/${e}/deliveries/${t}/redeliver`),tokens:()=>i(`GET`,`/api/admin/api-tokens`),createToken:e=>i(`POST`,`/api/admin/api-tokens`,e),revokeToken:e=>i(`DELETE`,`/api/admin/api-tokens/${e}`),single:async(e,t=``,n=[],r=``)=>{try{return(await i(`GET`,`/api/${e}${Fe(t,r,n)}`)).data}catch(e){if(e.status===404)return null;throw e}},saveSingle:(e,t,n=``,r=``)=>i(`PUT`,`/api/${e}${G(n,r)}`,{data:t}),removeSingle:(e,t=``)=>i(`DELETE`,`/api/${e}${G(``,t)}`),published:async(e,t,n=``)=>{if(!t.length)return new Set;let{data:r}=await i(`GET`,`/api/${e}?${Pe(t)}${n?`&locale=${encodeURIComponent(n)}`:``}`);return new Set(r.map(e=>e.documentId))},remove:(e,t,n=``)=>i(`DELETE`,`/api/${e}/${encodeURIComponent(t)}${G(``,n)}`),settings:()=>i(`GET`,`/admin/settings.json`)}}var ct={string:`text`,uid:`text`,email:`email`,password:`password`,text:`textarea`,richtext:`textarea`,integer:`number`,biginteger:`text`,decimal:`number`,float:`number`,boolean:`checkbox`,date:`date`,time:`time`,datetime:`datetime-local`,enumeration:`select`,json:`json`},lt=e=>ct[e];function ut(e,t){if(t==null)return e.input!==`checkbox`&&``;switch(e.input){case`checkbox`:return!!t;case`json`:return JSON.stringify(t,null,2);case`time`:return String(t).slice(0,8);case`datetime-local`:return String(t).slice(0,16);case`password`:return``;default:return String(t)}}function dt(e,t){if(e.input===`checkbox`)return{value:!!t};if(t===``||t==null)return{value:e.input===`password`?void 0:null};switch(e.type){case`integer`:{let n=Number(t);return Number.isInteger(n)?{value:n}:{error:`${e.name} must be a whole number`}}case`decimal`:case`float`:{let n=Number(t);return Number.isFinite(n)?{value:n}:{error:`${e.name} must be a number`}}case`biginteger`:return/^-?\d+$/.test(String(t).trim())?{value:String(t).trim()}:{error:`${e.name} must be a whole number`};case`json`:try{return{value:JSON.parse(t)}}catch{return{error:`${e.name} must be JSON`}}case`datetime`:return{value:`${t}:00.000Z`};default:return{value:t}}}function ft(e){let t={},n=[];for(let r of e.details&&e.details.errors||[]){let e=Array.isArray(r.path)&&r.path.length?String(r.path[0]):``;e?t[e]=t[e]?`${t[e]} ${r.message}`:r.message:n.push(r.message)}return{byField:t,other:Object.keys(t).length||n.length?n:[e.message]}}var pt=null;function mt(e){pt=e}function ht(){let[e,t]=B(window.location.hash);return V(()=>{let e=e=>{pt&&!pt()?history.replaceState(null,``,e.oldURL):t(window.location.hash)};return window.addEventListener(`hashchange`,e),()=>window.removeEventListener(`hashchange`,e)},[]),e.replace(/^#/,``)}var gt={$eq:`is`,$ne:`is not`,$containsi:`contains`,$notContainsi:`does not contain`,$startsWith:`starts with`,$endsWith:`ends with`,$gt:`is greater than`,$gte:`is greater than or equal to`,$lt:`is lower than`,$lte:`is lower than or equal to`,$null:`is null`,$notNull:`is not null`},J=[`$eq`,`$ne`,`$containsi`,`$notContainsi`,`$startsWith`,`$endsWith`,`$null`,`$notNull`],Y=[`$eq`,`$ne`,`$gt`,`$gte`,`$lt`,`$lte`,`$null`,`$notNull`],_t={string:J,text:J,richtext:J,email:J,uid:J,integer:Y,biginteger:Y,decimal:Y,float:Y,date:Y,time:Y,datetime:Y,boolean:[`$eq`],enumeration:[`$eq`,`$ne`]},vt=e=>e===`$null`||e===`$notNull`;function yt(e){return Object.entries(e.schema.attributes).filter(([,e])=>_t[e.type]&&!e.private).map(([e,t])=>({name:e,kind:t.type,options:t.enum||[]}))}function bt(e){switch(e.kind){case`integer`:return{type:`number`,step:`1`};case`decimal`:case`float`:return{type:`number`,step:`any`};case`date`:return{type:`date`};case`time`:return{type:`time`};case`datetime`:return{type:`datetime-local`};case`boolean`:return{type:`select`,options:[`true`,`false`]};case`enumeration`:return{type:`select`,options:e.options};default:return{type:`text`}}}function xt(e){let t=bt(e);return{field:e.name,kind:e.kind,operator:_t[e.kind][0],value:t.options?t.options[0]??``:``}}function St(e){return vt(e.operator)||String(e.value).trim()!==``?``:`Enter a value for ${e.field}`}function Ct(e){if(vt(e.operator))return`true`;let t=String(e.value).trim();return e.kind===`datetime`&&/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(t)?`${t}:00.000Z`:t}function wt(e){return e.map((e,t)=>`filters[$and][${t}][${encodeURIComponent(e.field)}][${e.operator}]=${encodeURIComponent(Ct(e))}`)}function Tt(e){let t=[e.field,gt[e.operator]],n=String(e.value).trim();return vt(e.operator)||t.push(e.kind===`datetime`?`${n} UTC`:n),t.join(` `)}function Et({fields:e,filters:t,onChange:n}){let[r,i]=B(!1),[a,o]=B(()=>e[0]?xt(e[0]):null),[s,c]=B(``),l=xe(null);if(!a)return null;let u=e.find(e=>e.name===a.field),d=bt(u),f=()=>l.current&&l.current.focus(),p=e=>{e.preventDefault();let r=St(a);r?c(r):(n([...t,a]),o(xt(u)),c(``),i(!1),f())},m=e=>{n(t.filter((t,n)=>n!==e)),f()},h=e=>{o({...a,...e}),c(``)};return W`<div class="filters">
    <button type="button" class="secondary" ref=${l} aria-expanded=${r} aria-controls="filter-form"
      onClick=${()=>i(!r)}>Filters${t.length?` (${t.length})`:``}</button>
    ${r&&W`<form id="filter-form" class="filter-form" aria-label="Add a filter" onSubmit=${p}
      onKeyDown=${e=>{e.key===`Escape`&&(i(!1),f())}}>
      <div><label for="filter-field">Field</label>
        <select id="filter-field" value=${a.field}
          onChange=${t=>{o(xt(e.find(e=>e.name===t.target.value))),c(``)}}>
          ${e.map(e=>W`<option value=${e.name}>${e.name}</option>`)}</select></div>
      <div><label for="filter-operator">Operator</label>
        <select id="filter-operator" value=${a.operator} onChange=${e=>h({operator:e.target.value})}>
          ${_t[u.kind].map(e=>W`<option value=${e}>${gt[e]}</option>`)}</select></div>
      ${!vt(a.operator)&&W`<div><label for="filter-value">Value</label>
        ${d.type===`select`?W`<select id="filter-value" value=${a.value} onChange=${e=>h({value:e.target.value})}>
              ${d.options.map(e=>W`<option value=${e}>${e}</option>`)}</select>`:W`<input id="filter-value" type=${d.type} step=${d.step} value=${a.value}
              aria-invalid=${s?`true`:void 0} aria-describedby=${s?`filter-problem`:void 0}
              onInput=${e=>h({value:e.target.value})} />`}</div>`}
      <button type="submit">Add filter</button>
      ${s&&W`<p id="filter-problem" class="field-error" role="alert">${s}</p>`}
    </form>`}
    ${t.length>0&&W`<ul class="chips" aria-label="Active filters">
      ${t.map((e,t)=>W`<li key=${`${t}:${Tt(e)}`}>
        <button type="button" class="chip secondary" onClick=${()=>m(t)}>
          <span class="visually-hidden">Remove filter </span>${Tt(e)} <span aria-hidden="true">✕</span></button></li>`)}
    </ul>`}
  </div>`}function Dt({id:e,locales:t,value:n,onChange:r}){return W`<div class="locale"><label for=${e}>Locale</label>
    <select id=${e} value=${n} onChange=${e=>r(e.target.value)}>
      ${t.map(e=>W`<option value=${e.code}>${e.name}</option>`)}</select></div>`}var Ot=e=>(e.find(e=>e.isDefault)||e[0]||{code:``}).code;function kt({api:e,type:t,can:n,locales:r=[]}){let i=Ie(t)&&r.length>0,[a,o]=B(i?Ot(r):``),s=Ue(t,1/0),[c,l]=B(Ue(t).map(e=>e.name)),u=s.filter(e=>c.includes(e.name)),d=We(t),[f,p]=B(``),[m,h]=B([]),[g,_]=B(``),[v,y]=B(1),[b,x]=B(``),[S,C]=B(null),[w,T]=B(``),E=t.schema.draftAndPublish,[D,O]=B(new Set);V(()=>{T(``);let n=!0;return e.list(t.schema.pluralName,{page:v,sort:b,pageSize:25,status:E?`draft`:``,search:f,searchField:d,locale:a,filters:wt(m)}).then(async r=>{let i=E?await e.published(t.schema.pluralName,r.data.map(e=>e.documentId),a):null;n&&(i&&O(i),C(r))}).catch(e=>{n&&(T(e.message),C(null))}),()=>{n=!1}},[v,b,f,a,m]);let k=S&&S.meta.pagination,A=e=>b===`${e}:asc`?`ascending`:b===`${e}:desc`?`descending`:void 0,j=e=>`#/content/${t.apiID}/${e.documentId}${a?`?locale=${a}`:``}`;return W`<h1>${t.schema.displayName}</h1>
    ${n(`${t.apiID}.create`)&&W`<p><a class="button" href=${`#/content/${t.apiID}/new`}>Create new entry</a></p>`}
    <div class="tools">
      ${i&&W`<${Dt} id="list-locale" locales=${r} value=${a} onChange=${e=>{o(e),y(1)}} />`}
      ${d&&W`<form role="search" onSubmit=${e=>{e.preventDefault(),p(g),y(1)}}>
        <label for="search">Search</label>
        <input id="search" type="search" value=${g} onInput=${e=>_(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>`}
      <details>
        <summary>Columns</summary>
        <fieldset><legend>Columns to show</legend>
          ${s.map(e=>W`<label><input type="checkbox" checked=${c.includes(e.name)}
            onChange=${t=>l(t.target.checked?[...c,e.name]:c.filter(t=>t!==e.name))} /> ${e.name}</label>`)}
        </fieldset>
      </details>
      <${Et} fields=${yt(t)} filters=${m} onChange=${e=>{h(e),y(1)}} />
    </div>
    ${w&&W`<p class="error" role="alert">${w}</p>`}
    ${S&&W`<div class="table-wrap"><table>
      <caption>${k.total} entries</caption>
      <thead><tr><th scope="col">id</th>${u.map(e=>W`<th scope="col" aria-sort=${A(e.name)}>
        <button type="button" onClick=${()=>{x(Le(b,e.name)),y(1)}}>${e.name}</button></th>`)}
        ${E&&W`<th scope="col">Status</th>`}</tr></thead>
      <tbody>${S.data.map(e=>W`<tr key=${e.documentId}><td><a href=${j(e)} aria-label=${`Edit entry ${e.id}`}>${e.id}</a></td>${u.map(t=>W`<td>${ot(e[t.name])}</td>`)}${E&&W`<td>${D.has(e.documentId)?`Published`:`Draft`}</td>`}</tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${v<=1} onClick=${()=>y(v-1)}>Previous</button>
      <span>Page ${k.page} of ${Math.max(k.pageCount,1)}</span>
      <button type="button" class="secondary" disabled=${v>=k.pageCount} onClick=${()=>y(v+1)}>Next</button>
    </div>`}`}var X=[[`bold`,`**`,`**`],[`italic`,`_`,`_`],[`underline`,`<u>`,`</u>`],[`strikethrough`,`~~`,`~~`],[`code`,"`","`"]],At=/[\\*_~`[\]<]/g,jt=e=>e.replace(At,e=>`\\${e}`),Mt=e=>e.replace(/[\\)]/g,e=>`\\${e}`);function Nt(e){let t=``,n=new Set,r=e=>{for(let[r,i,a]of[...X].reverse())n.has(r)&&!e.has(r)&&(t+=a);for(let[r,i]of X)!n.has(r)&&e.has(r)&&(t+=i);n=e},i=e=>{r(new Set(X.map(([e])=>e).filter(t=>e[t]))),t+=jt(String(e.text??``))};for(let n of e||[])if(n.type===`link`){r(new Set),t+=`[`;for(let e of n.children||[])i(e);r(new Set),t+=`](${Mt(String(n.url??``))})`}else i(n);return r(new Set),t}function Pt(e){let t=[],n={},r=null,i=e=>{let i=r?r.children:t,a=i[i.length-1];if(a&&a.type===`text`&&X.every(([e])=>!!a[e]==!!n[e]))a.text+=e;else{let t={type:`text`,text:e};for(let[e]of X)n[e]&&(t[e]=!0);i.push(t)}},a=0;outer:for(;a<e.length;){let o=e[a];if(o===`\\`&&a+1<e.length)i(e[a+1]),a+=2;else{for(let[t,r,i]of X){let o=n[t]?i:r;if(e.startsWith(o,a)){n={...n,[t]:!n[t]},a+=o.length;continue outer}}if(o===`[`&&!r)r={type:`link`,url:``,children:[]},a++;else if(o===`]`&&r&&e[a+1]===`(`){let n=a+2,i=``;for(;n<e.length&&e[n]!==`)`;)e[n]===`\\`&&n+1<e.length&&n++,i+=e[n],n++;r.url=i,r.children.length||r.children.push({type:`text`,text:``}),t.push(r),r=null,a=n+1}else i(o),a++}}return r&&t.push({type:`text`,text:`[`},...r.children),t.length||t.push({type:`text`,text:``}),Ft(t)}function Ft(e){let t=[];for(let n of e){let e=t[t.length-1];n.type===`text`&&e&&e.type===`text`&&X.every(([t])=>!!e[t]==!!n[t])?e.text+=n.text:t.push(n)}return t}function It(e,t){let n=[];for(let r of e.children||[])if(r.type===`list`)n.push(...It(r,t+1));else{let i=e.format===`ordered`?`1. `:`- `;n.push(`  `.repeat(t)+i+Nt(r.children).replace(/\n/g,` `).replace(/^(\s)/,`\\$1`))}return n}function Lt(e){let t=e.split(`
`).filter(e=>e.trim()!==``).map(e=>{let t=/^( *)(- |\d+\. )?(.*)$/.exec(e);return{depth:Math.floor(t[1].length/2),format:t[2]&&t[2]!==`- `?`ordered`:`unordered`,text:t[3]}}),n={type:`list`,format:t.length?t[0].format:`unordered`,children:[]},r=[n];for(let e of t){for(;r.length-1>e.depth;)r.pop();for(;r.length-1<e.depth;){let t=r[r.length-1],n={type:`list`,format:e.format,indentLevel:r.length,children:[]};t.children.push(n),r.push(n)}r[r.length-1].children.push({type:`list-item`,children:Pt(e.text)})}return n.children.length||n.children.push({type:`list-item`,children:[{type:`text`,text:``}]}),n}var Rt=[[`paragraph`,`Paragraph`],[`heading-1`,`Heading 1`],[`heading-2`,`Heading 2`],[`heading-3`,`Heading 3`],[`heading-4`,`Heading 4`],[`heading-5`,`Heading 5`],[`heading-6`,`Heading 6`],[`quote`,`Quote`],[`code`,`Code`],[`list`,`List`],[`image`,`Image`]];function zt(e){return(Array.isArray(e)?e:[]).map(e=>{switch(e&&e.type){case`paragraph`:return{kind:`paragraph`,text:Nt(e.children)};case`heading`:return{kind:`heading-${e.level||1}`,text:Nt(e.children)};case`quote`:return{kind:`quote`,text:Nt(e.children)};case`code`:return{kind:`code`,text:(e.children||[]).map(e=>e.text??``).join(``),language:e.language||``};case`list`:return{kind:`list`,text:It(e,0).join(`
`)};case`image`:return{kind:`image`,text:``,image:e.image||null};default:return{kind:`other`,text:``,node:e}}})}function Bt(e){return e.map(e=>{if(e.kind===`other`)return e.node;if(e.kind.startsWith(`heading-`))return{type:`heading`,level:Number(e.kind.slice(8)),children:Pt(e.text)};switch(e.kind){case`quote`:return{type:`quote`,children:Pt(e.text)};case`code`:{let t={type:`code`,children:[{type:`text`,text:e.text}]};return e.language&&(t.language=e.language),t}case`list`:return Lt(e.text);case`image`:return{type:`image`,image:e.image,children:[{type:`text`,text:``}]};default:return{type:`paragraph`,children:Pt(e.text)}}})}function Vt(e,t){let n=t.findIndex(e=>e.kind===`image`&&!e.image);return n>=0?`${e} block ${n+1} is an image without a file`:``}function Ht(e,t){let n=new Set(t.actions||[]),r=new Map((t.components||[]).map(e=>[e.uid,e])),i=[];for(let[a,o]of Object.entries(e||{})){let e=lt(o.type);if(e)i.push({name:a,kind:`input`,type:o.type,input:e,required:!!o.required,options:o.enum||[],writeOnly:o.type===`password`||!!o.private,targetField:o.type===`uid`&&o.targetField||``});else if(o.type===`relation`){let e=(t.types||[]).find(e=>e.uid===o.target),r=/ToMany$/.test(o.relation||``);e&&!o.private&&n.has(`${e.apiID}.find`)?i.push({name:a,kind:`relation`,target:e,many:r}):o.private||i.push({name:a,kind:`fixed`,why:`a relation to ${e?e.schema.displayName:o.target}, which you may not list`})}else if(o.type===`media`)i.push({name:a,kind:`media`,many:!!o.multiple,allowedTypes:o.allowedTypes||null});else if(o.type===`component`||o.type===`dynamiczone`){let e=o.type===`dynamiczone`,n=(e?o.components||[]:[o.component]).map(e=>r.get(e)).filter(Boolean);i.push({name:a,kind:`component`,zone:e,repeatable:e||!!o.repeatable,required:!!o.required,allowed:n.map(e=>({uid:e.uid,displayName:e.schema.displayName,fields:Ht(e.schema.attributes,t)}))})}else o.type===`blocks`?i.push({name:a,kind:`blocks`,required:!!o.required}):o.private||i.push({name:a,kind:`fixed`,why:`a ${o.type} field, which the panel does not edit`})}return i}function Ut(e,t=`populate`){let n=[];for(let r of e){let e=`${t}[${r.name}]`;if(r.kind===`relation`||r.kind===`media`)n.push(`${e}=true`);else if(r.kind===`component`&&!r.zone){let t=r.allowed[0]?Ut(r.allowed[0].fields,`${e}[populate]`):[];n.push(...t.length?t:[`${e}=true`])}else if(r.kind===`component`)for(let t of r.allowed){let r=`${e}[on][${t.uid}]`,i=Ut(t.fields,`${r}[populate]`);n.push(...i.length?i:[`${r}=true`])}}return n}function Wt(e,t){let n={};for(let r of e){let e=t?t[r.name]:null,i=Array.isArray(e)?e:e?[e]:[];switch(r.kind){case`input`:n[r.name]=r.writeOnly?``:ut(r,e);break;case`relation`:n[r.name]=i.map(e=>({documentId:e.documentId,label:Be(r.target,e)}));break;case`media`:n[r.name]=i;break;case`component`:n[r.name]=i.map(e=>Gt(r,e.__component,e));break;case`blocks`:n[r.name]={items:zt(e),changed:!1}}}return n}function Gt(e,t,n){let r=Kt(e,t);return{id:n?n.id:void 0,__component:r?r.uid:t,...Wt(r?r.fields:[],n)}}function Kt(e,t){return e.allowed.find(e=>e.uid===t)||e.allowed[0]}function qt(e,t,n=[]){let r={},i={};for(let a of e){let e=[...n,a.name].join(`.`),o=t[a.name];switch(a.kind){case`input`:{if(a.writeOnly&&!o)break;let{value:t,error:n}=dt(a,o);n?i[e]=n:t!==void 0&&(r[a.name]=t);break}case`relation`:r[a.name]=a.many?{set:(o||[]).map(e=>e.documentId)}:o&&o[0]?o[0].documentId:null;break;case`media`:{let e=(o||[]).map(e=>e.id);r[a.name]=a.many?e:e[0]??null;break}case`component`:{let e=(o||[]).map((e,t)=>{let r=Kt(a,e.__component),o=qt(r?r.fields:[],e,[...n,a.name,...a.repeatable?[String(t)]:[]]);Object.assign(i,o.errors);let s={...o.data};return e.id!==void 0&&(s.id=e.id),a.zone&&(s.__component=e.__component),s});r[a.name]=a.repeatable?e:e[0]||null;break}case`blocks`:{if(!o||!o.changed)break;let t=Vt(a.name,o.items);t?i[e]=t:r[a.name]=o.items.length?Bt(o.items):null;break}}}return{data:r,errors:i}}function Jt(e,t,n=[]){let r=[];for(let i of e){let e=[...n,i.name];r.push(e.join(`.`)),i.kind===`component`&&(t[i.name]||[]).forEach((t,n)=>{let a=Kt(i,t.__component);r.push(...Jt(a?a.fields:[],t,[...e,...i.repeatable?[String(n)]:[]]))})}return r}function Yt(e,t){let n=new Set(t),r={},i=[];for(let t of e.details&&e.details.errors||[]){let e=Array.isArray(t.path)?t.path.map(String):[],a=``;for(let t=e.length;t>0&&!a;t--)n.has(e.slice(0,t).join(`.`))&&(a=e.slice(0,t).join(`.`));a?r[a]=r[a]?`${r[a]} ${t.message}`:t.message:i.push(t.message)}return{byField:r,other:Object.keys(r).length||i.length?i:[e.message]}}function Xt(e){return String(e||``).normalize(`NFD`).replace(/[\u0300-\u036f]/g,``).toLowerCase().replace(/[^a-z0-9]+/g,`-`).replace(/^-+|-+$/g,``).slice(0,200).replace(/-+$/,``)}var Zt=e=>`field-${e.join(`-`)}`;function Qt({api:e,fields:t,value:n,onChange:r,path:i=[],disabled:a,errors:o,can:s}){let c=(e,t)=>r({...n,[e]:t});return t.map(t=>{let r=[...i,t.name],l=o[r.join(`.`)],u={key:t.name,api:e,field:t,path:r,disabled:a,error:l,can:s,onChange:e=>c(t.name,e)};switch(t.kind){case`input`:return W`<${$t} ...${u} value=${n[t.name]}
        derived=${t.targetField?Xt(n[t.targetField]):``} />`;case`relation`:return W`<${an} ...${u} chosen=${n[t.name]||[]} />`;case`media`:return W`<${rn} ...${u} chosen=${n[t.name]||[]}
        canUpload=${s(`upload.upload`)} canBrowse=${s(`upload.find`)} />`;case`component`:return W`<${en} ...${u} items=${n[t.name]||[]} errors=${o} />`;case`blocks`:return W`<${nn} ...${u} value=${n[t.name]||{items:[],changed:!1}}
        canBrowse=${s(`upload.find`)} />`;default:return W`<p class="muted field" key=${t.name}><strong>${t.name}</strong>: ${t.why}; a save leaves it as it is.</p>`}})}function $t({field:e,path:t,value:n,derived:r,disabled:i,error:a,onChange:o}){let s=Zt(t),c={id:s,name:t.join(`.`),disabled:i,"aria-invalid":a?`true`:void 0,"aria-describedby":a?`${s}-error`:void 0},l;if(e.input===`checkbox`)l=W`<input ...${c} type="checkbox" checked=${n} onChange=${e=>o(e.target.checked)} />`;else if(e.input===`select`)l=W`<select ...${c} value=${n} onChange=${e=>o(e.target.value)}>
      <option value="">—</option>${e.options.map(e=>W`<option value=${e}>${e}</option>`)}</select>`;else if(e.input===`textarea`||e.input===`json`)l=W`<textarea ...${c} rows=${e.input===`json`?6:4} value=${n} onInput=${e=>o(e.target.value)} />`;else{let t=e.type===`decimal`||e.type===`float`?`any`:e.type===`time`?`1`:void 0;l=W`<input ...${c} type=${e.writeOnly?`password`:e.input} step=${t} value=${n}
      placeholder=${e.writeOnly&&e.input!==`password`?`Not shown: what you type replaces it`:r||void 0}
      autocomplete=${e.writeOnly?`new-password`:`off`} onInput=${e=>o(e.target.value)} />`}return W`<div class="field">
    <label for=${s}>${e.name}${e.required?` *`:``}</label>${l}
    ${a&&W`<p class="field-error" id=${`${s}-error`}>${a}</p>`}
  </div>`}function en({api:e,field:t,path:n,items:r,disabled:i,error:a,errors:o,can:s,onChange:c}){let[l,u]=B(t.allowed[0]?t.allowed[0].uid:``),d=Zt(n),f=n[n.length-1];return W`<fieldset class="field relation" aria-describedby=${a?`${d}-error`:void 0}>
    <legend>${f}</legend>
    ${r.length===0&&W`<p class="muted">None</p>`}
    ${r.map((a,l)=>{let u=Kt(t,a.__component),d=`${f} ${l+1}${t.zone?` (${u?u.displayName:a.__component})`:``}`,p=t.repeatable?[...n,String(l)]:n;return W`<fieldset class="part" key=${a.id===void 0?`new-${l}`:a.id}><legend>${d}</legend>
        <${Qt} api=${e} fields=${u?u.fields:[]} value=${a} path=${p} disabled=${i} errors=${o} can=${s}
          onChange=${e=>c(r.map((t,n)=>n===l?e:t))} />
        ${!i&&W`<div class="actions">
          ${t.repeatable&&W`<button type="button" class="secondary" aria-label=${`Move ${d} up`} disabled=${l===0}
            onClick=${()=>c(K(r,l,-1))}>↑</button>
            <button type="button" class="secondary" aria-label=${`Move ${d} down`} disabled=${l===r.length-1}
            onClick=${()=>c(K(r,l,1))}>↓</button>`}
          <button type="button" class="secondary" aria-label=${`Remove ${d}`} onClick=${()=>c(r.filter((e,t)=>t!==l))}>Remove</button>
        </div>`}
      </fieldset>`})}
    ${!i&&(t.repeatable||r.length===0)&&W`<div class="picker">
      ${t.zone&&W`<label for=${`${d}-kind`}>Block to add</label>
        <select id=${`${d}-kind`} value=${l} onChange=${e=>u(e.target.value)}>
          ${t.allowed.map(e=>W`<option value=${e.uid}>${e.displayName}</option>`)}</select>`}
      <button type="button" class="secondary" onClick=${()=>{let e=Gt(t,l,null);c(t.repeatable?[...r,e]:[e])}}>${t.repeatable?`Add to ${f}`:`Add ${f}`}</button>
    </div>`}
    ${a&&W`<p class="field-error" id=${`${d}-error`}>${a}</p>`}
  </fieldset>`}var tn=`Marks: **bold**, _italic_, <u>underline</u>, ~~strikethrough~~, \`code\`, [a link](https://…); a backslash keeps a mark's character as it is. A list's lines are its items ("- " or "1. "), two spaces more per level.`;function nn({api:e,field:t,path:n,value:r,disabled:i,error:a,canBrowse:o,onChange:s}){let[c,l]=B(null),u=Zt(n),d=n[n.length-1],f=r.items,p=e=>s({items:e,changed:!0}),m=(e,t)=>p(f.map((n,r)=>r===e?{...n,...t}:n)),h=async t=>{let n=await e.files({limit:50});l({block:t,list:n.filter(e=>e.mime&&e.mime.startsWith(`image/`))})};return W`<fieldset class="field relation" aria-describedby=${`${u}-help${a?` ${u}-error`:``}`}>
    <legend>${d}</legend>
    <p class="muted" id=${`${u}-help`}>${tn}</p>
    ${f.length===0&&W`<p class="muted">No block</p>`}
    ${f.map((e,t)=>{let n=`${d} block ${t+1}`,r=`${u}-${t}`;return W`<fieldset class="part" key=${t}><legend>${n}</legend>
        ${e.kind===`other`?W`<p class="muted">A ${e.node&&e.node.type} block, which the panel does not edit; kept as it is.</p>`:W`
        <div class="field"><label for=${`${r}-kind`}>Kind</label>
          <select id=${`${r}-kind`} disabled=${i} value=${e.kind} onChange=${e=>m(t,{kind:e.target.value})}>
            ${Rt.map(([e,t])=>W`<option value=${e}>${t}</option>`)}</select></div>
        ${e.kind===`image`?W`<div class="field">
            ${e.image?W`<p>${q(e.image)&&W`<img src=${q(e.image)} alt="" width="48" height="36" class="thumb" />`} ${e.image.name}</p>`:W`<p class="muted">No image chosen</p>`}
            ${!i&&o&&W`<button type="button" class="secondary" onClick=${()=>h(t)}>Choose an image for ${n}</button>`}
            ${c&&c.block===t&&W`<ul class="picker" aria-label=${`Images to pick for ${n}`}>
              ${c.list.length===0?W`<li>No image in the library</li>`:c.list.map(e=>W`<li key=${e.id}>
                <button type="button" class="secondary" aria-label=${`Pick ${e.name}`}
                  onClick=${()=>{m(t,{image:e}),l(null)}}>${e.name}</button></li>`)}</ul>`}
          </div>`:W`<div class="field"><label for=${`${r}-text`}>Text</label>
            <textarea id=${`${r}-text`} disabled=${i} rows=${e.kind===`code`||e.kind===`list`?5:3}
              class=${e.kind===`code`?`code`:void 0} value=${e.text} onInput=${e=>m(t,{text:e.target.value})} /></div>
          ${e.kind===`code`&&W`<div class="field"><label for=${`${r}-language`}>Language</label>
            <input id=${`${r}-language`} disabled=${i} value=${e.language||``} onInput=${e=>m(t,{language:e.target.value})} /></div>`}`}`}
        ${!i&&W`<div class="actions">
          <button type="button" class="secondary" aria-label=${`Move ${n} up`} disabled=${t===0} onClick=${()=>p(K(f,t,-1))}>↑</button>
          <button type="button" class="secondary" aria-label=${`Move ${n} down`} disabled=${t===f.length-1}
            onClick=${()=>p(K(f,t,1))}>↓</button>
          <button type="button" class="secondary" aria-label=${`Remove ${n}`} onClick=${()=>p(f.filter((e,n)=>n!==t))}>Remove</button>
        </div>`}
      </fieldset>`})}
    ${!i&&W`<div class="picker"><button type="button" class="secondary"
      onClick=${()=>p([...f,{kind:`paragraph`,text:``}])}>Add a block to ${d}</button></div>`}
    ${a&&W`<p class="field-error" id=${`${u}-error`}>${a}</p>`}
  </fieldset>`}function rn({api:e,field:t,path:n,chosen:r,disabled:i,canUpload:a,canBrowse:o,error:s,onChange:c}){let[l,u]=B(null),[d,f]=B(``),[p,m]=B(``),h=`media-${n.join(`-`)}`,g=xe(r);g.current=r;let _=e=>c(t.many?[...g.current,e]:[e]);return W`<fieldset class="field relation" aria-describedby=${s?`${h}-error`:void 0}>
    <legend>${t.name}</legend>
    ${r.length===0&&W`<p class="muted">No file</p>`}
    <ol>${r.map((e,n)=>W`<li key=${e.id}>
      ${q(e)?W`<img src=${q(e)} alt="" width="48" height="36" class="thumb" />`:``}<span>${e.name}</span>
      ${!i&&t.many&&W`<button type="button" class="secondary" aria-label=${`Move ${e.name} up`} disabled=${n===0}
        onClick=${()=>c(K(r,n,-1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${e.name} down`} disabled=${n===r.length-1}
        onClick=${()=>c(K(r,n,1))}>↓</button>`}
      ${!i&&W`<button type="button" class="secondary" aria-label=${`Remove ${e.name} from ${t.name}`}
        onClick=${()=>c(r.filter(t=>t!==e))}>Remove</button>`}</li>`)}</ol>
    ${!i&&W`<div class="picker">
      ${o&&W`<button type="button" class="secondary" onClick=${async()=>{let n=await e.files({limit:50});u(n.filter(e=>ze(t,e.mime)&&!r.some(t=>t.id===e.id)))}}>Choose from the library</button>`}
      ${a&&W`<label for=${`${h}-upload`}>Upload to ${t.name}</label>
        <input id=${`${h}-upload`} type="file" multiple=${t.many} onChange=${async n=>{let r=[...n.target.files];n.target.value=``,m(``);for(let n of r)if(!ze(t,n.type||`application/octet-stream`))m(`${t.name} takes ${t.allowedTypes.join(`, `)}, not ${n.name}`);else{f(`Uploading ${n.name}…`);try{let[r]=await e.upload(n);if(_(r),!t.many)break}catch(e){m(e.message)}}f(``)}} />`}
      ${d&&W`<span role="status">${d}</span>`}
      ${l&&W`<ul aria-label=${`Files to pick for ${t.name}`}>${l.length===0?W`<li>No file this field takes</li>`:l.map(e=>W`<li key=${e.id}><button type="button" class="secondary" aria-label=${`Pick ${e.name}`}
          onClick=${()=>{_(e),u(null)}}>${e.name}</button></li>`)}</ul>`}
    </div>`}
    ${p&&W`<p class="field-error">${p}</p>`}
    ${s&&W`<p class="field-error" id=${`${h}-error`}>${s}</p>`}
  </fieldset>`}function an({api:e,field:t,path:n,chosen:r,disabled:i,error:a,onChange:o}){let[s,c]=B(``),[l,u]=B(null),d=`rel-${n.join(`-`)}`,f=async()=>{let{data:n}=await e.pick(t.target.schema.pluralName,We(t.target),s);u(n.filter(e=>!r.some(t=>t.documentId===e.documentId)))},p=e=>{let n={documentId:e.documentId,label:Be(t.target,e)};o(t.many?[...r,n]:[n]),u(null),c(``)};return W`<fieldset class="field relation" aria-describedby=${a?`${d}-error`:void 0}>
    <legend>${t.name}</legend>
    ${r.length===0&&W`<p class="muted">None</p>`}
    <ol>${r.map((e,n)=>W`<li key=${e.documentId}><span>${e.label}</span>
      ${!i&&t.many&&W`<button type="button" class="secondary" aria-label=${`Move ${e.label} up`} disabled=${n===0}
        onClick=${()=>o(K(r,n,-1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${e.label} down`} disabled=${n===r.length-1}
        onClick=${()=>o(K(r,n,1))}>↓</button>`}
      ${!i&&W`<button type="button" class="secondary" aria-label=${`Remove ${e.label} from ${t.name}`}
        onClick=${()=>o(r.filter(t=>t!==e))}>Remove</button>`}</li>`)}</ol>
    ${!i&&W`<div class="picker">
      <label for=${`${d}-search`}>${t.many?`Add to ${t.name}`:`Choose ${t.name}`}</label>
      <input id=${`${d}-search`} type="search" value=${s} onInput=${e=>c(e.target.value)}
        onKeyDown=${e=>{e.key===`Enter`&&(e.preventDefault(),f())}} />
      <button type="button" class="secondary" onClick=${f}>Find</button>
      ${l&&W`<ul aria-label=${`Entries to pick for ${t.name}`}>${l.length===0?W`<li>No entry found</li>`:l.map(e=>W`<li key=${e.documentId}><button type="button" class="secondary"
          aria-label=${`Pick ${Be(t.target,e)}`} onClick=${()=>p(e)}>${Be(t.target,e)}</button></li>`)}</ul>`}
    </div>`}
    ${a&&W`<p class="field-error" id=${`${d}-error`}>${a}</p>`}
  </fieldset>`}function on({api:e,can:t}){let[n,r]=B(null),[i,a]=B(``),[o,s]=B(null),[c,l]=B([]),[u,d]=B(``),f=Ze(new Date);V(()=>{e.list(`coaches`,{pageSize:100,sort:`name:asc`}).then(({data:e})=>{r(e),e[0]&&a(String(e[0].id))}).catch(e=>d(e.message))},[]);let p=()=>t(`coaching.learners`)&&e.coachLearners(i).then(({data:e})=>l(e)).catch(e=>d(e.message));V(()=>{i&&(d(``),Promise.all([e.coachEvents(i,f.from,f.to),e.availability(i,f.from,f.to)]).then(([e,t])=>s({events:Qe(e.data,e=>e.startAt),free:Qe(t.data,e=>e.start),timezone:t.meta.timezone})).catch(e=>d(e.message)),p())},[i]);let m=e=>e.slice(11,16),h=async t=>{d(``);try{await e.assign(i,[t.documentId]),p()}catch(e){d(e.message)}},g=async t=>{try{await e.unassign(i,t.documentId),p()}catch(e){d(e.message)}},_=n&&n.find(e=>String(e.id)===i);return W`<h1>Coach's week</h1>
    ${u&&W`<p class="error" role="alert">${u}</p>`}
    ${n&&W`<div class="locale"><label for="coach">Coach</label>
      <select id="coach" value=${i} onChange=${e=>a(e.target.value)}>
        ${n.map(e=>W`<option value=${String(e.id)}>${e.name}</option>`)}</select></div>`}
    ${o&&W`<p class="muted">Week of ${f.days[0].date} (times in UTC; the coach's time zone is ${o.timezone}).</p>
      <div class="week">${f.days.map(e=>W`<section aria-label=${`${e.name} ${e.date}`} class="day">
        <h2>${e.name} <span class="muted">${e.date.slice(5)}</span></h2>
        <ul>${(o.events[e.date]||[]).map(e=>W`<li class="event">${m(e.startAt)}–${m(e.endAt)} ${e.title}</li>`)}
          ${(o.free[e.date]||[]).map(e=>W`<li class="free">Free ${m(e.start)}–${m(e.end)}</li>`)}</ul>
      </section>`)}</div>`}
    ${_&&t(`coaching.learners`)&&W`<section aria-label="Learners">
      <h2>Learners of ${_.name}${_.maxLearners?` (${c.length} of ${_.maxLearners})`:``}</h2>
      <ul>${c.map(e=>W`<li key=${e.documentId}>${e.name||e.documentId}
        ${t(`coaching.unassign`)&&W`<button type="button" class="secondary" aria-label=${`Unassign ${e.name}`} onClick=${()=>g(e)}>Unassign</button>`}</li>`)}</ul>
      ${t(`coaching.assign`)&&W`<${an} api=${e} path=${[`learners`]} field=${{name:`learners`,many:!0,target:{apiID:`learner`,schema:{pluralName:`learners`,attributes:{name:{type:`string`}}}}}}
        chosen=${[]} disabled=${!1}
        onChange=${e=>{let t=e.find(e=>!c.some(t=>t.documentId===e.documentId));t&&h(t)}} />`}
    </section>`}`}var sn=e=>String(e).length>12?`${String(e).slice(0,11)}…`:e;function Z({title:e,items:t}){let n=Xe(t.map(e=>e.value),320,120);return W`<figure class="chart">
    <figcaption>${e}</figcaption>
    <svg viewBox=${`0 -16 320 156`} role="img" aria-label=${`${e}: ${t.map(e=>`${e.label} ${e.shown??e.value}`).join(`, `)}`}>
      ${n.map((e,n)=>W`<g>
        <rect x=${e.x} y=${e.y} width=${e.width} height=${e.height} class="bar" />
        <text x=${e.x+e.width/2} y=${e.y-4} text-anchor="middle">${t[n].shown??t[n].value}</text>
        <text x=${e.x+e.width/2} y=${134} text-anchor="middle">${sn(t[n].label)}</text>
      </g>`)}
    </svg>
  </figure>`}function cn({api:e,can:t}){let[n,r]=B(null),[i,a]=B(null),[o,s]=B(``);V(()=>{if(e.dashboard().then(({data:e})=>r(e)).catch(e=>s(e.message)),t(`enrollment.find`)){let t=Je(new Date,6);Promise.all(t.flatMap(t=>[e.count(`enrollments`,Ye(t)),e.count(`enrollments`,Ye(t,`completed`))])).then(e=>a(t.map((t,n)=>({label:t.label.slice(5),made:e[2*n],completed:e[2*n+1]})))).catch(e=>s(e.message))}},[]);let c=e=>`${Math.round((e||0)*100)} %`,l=e=>Object.entries(e||{}).map(([e,t])=>({label:e,value:t}));return W`<h1>Dashboard</h1>
    ${o&&W`<p class="error" role="alert">${o}</p>`}
    ${n&&W`<dl class="figures">
      <div><dt>Programs</dt><dd>${n.programs.total}</dd></div>
      <div><dt>Active customers</dt><dd>${n.customers.active} of ${n.customers.total}</dd></div>
      <div><dt>Active learners</dt><dd>${n.learners.active} of ${n.learners.total}</dd></div>
      <div><dt>Coach utilisation</dt><dd>${c(n.coaches.utilization)}</dd></div>
      <div><dt>Completion rate</dt><dd>${c(n.enrollments.completionRate)}</dd></div>
      <div><dt>Events in the next 7 days</dt><dd>${n.events.next7Days}</dd></div>
      <div><dt>Attendance, last 30 days</dt><dd>${c(n.attendance.rate30Days)}</dd></div>
    </dl>
    <div class="charts">
      <${Z} title="Programs by status" items=${l(n.programs.byStatus)} />
      <${Z} title="Enrolments by status" items=${l(n.enrollments.byStatus)} />
      <${Z} title="Coach utilisation" items=${[{label:`booked`,value:n.coaches.utilization,shown:c(n.coaches.utilization)},{label:`free`,value:1-n.coaches.utilization,shown:c(1-n.coaches.utilization)}]} />
      ${i&&W`<${Z} title="Enrolments by month" items=${i.map(e=>({label:e.label,value:e.made}))} />
        <${Z} title="Completed enrolments by month" items=${i.map(e=>({label:e.label,value:e.completed}))} />`}
    </div>`}`}var ln=[`program`,`customer`,`coach`];function un({api:e,type:t,documentId:n,can:r}){let[i,a]=B(null),[o,s]=B([]),c=ln.includes(t.apiID)&&n&&r(`analytics.${t.apiID}`);return V(()=>{c&&e.figures(t.schema.pluralName,n).then(({data:e})=>{a($e(e)),s(et(t.apiID,e))}).catch(()=>a([]))},[n]),!c||!i?null:W`<section aria-label="Figures" class="figures-of">
    <h2>Figures</h2>
    <dl class="figures">${i.map(e=>W`<div><dt>${e.label}</dt><dd>${e.value}</dd></div>`)}</dl>
    <div class="charts">${o.map(e=>W`<${Z} key=${e.title} title=${e.title} items=${e.items} />`)}</div>
  </section>`}var dn=``;function fn({api:e,type:t,documentId:n,can:r,single:i=!1,ctx:a,locales:o=[],initialLocale:s=``}){let c=Ie(t)&&o.length>0,[l,u]=B(c?s||Ot(o):``),[d,f]=B(!1),p=H(()=>Ht(t.schema.attributes,a),[t,a]),m=t.schema.pluralName,h=t.schema.singularName,[g,_]=B(!!n),[v,y]=B(null),[b,x]=B(!1),[S,C]=B({byField:{},other:[]}),[w,T]=B(dn&&dn===n?`Saved.`:``),E=r(`${t.apiID}.${n||i?`update`:`create`}`),D=t.schema.draftAndPublish,[O,k]=B(!1),A=e=>y(Wt(p,e));V(()=>{f(!1);let t=!0,r=Ut(p);if(!i&&!n)A(null);else return(i?e.single(h,D?`draft`:``,r,l).then(e=>({data:e})):e.entry(m,n,D?`draft`:``,r,l)).then(({data:e})=>{t&&(A(e),i&&(_(!!e),!e&&c&&f(!0)))}).catch(e=>{t&&(c&&e.status===404?(f(!0),A(null)):C({byField:{},other:[e.message]}))}),D&&i?e.single(h,`published`,[],l).then(e=>t&&k(!!e)).catch(()=>{}):D&&e.published(m,[n],l).then(e=>t&&k(e.has(n))).catch(()=>{}),()=>{t=!1}},[l]),V(()=>{if(!b)return;let e=e=>{e.preventDefault(),e.returnValue=``};return mt(()=>window.confirm(`Leave without saving your changes?`)),window.addEventListener(`beforeunload`,e),()=>{mt(null),window.removeEventListener(`beforeunload`,e)}},[b]);let j=e=>{y(e),x(!0),T(``)},M=async(r,a=!D)=>{r.preventDefault();let{data:o,errors:s}=qt(p,v);if(Object.keys(s).length){C({byField:s,other:[]});return}let c=a?``:`draft`;try{let r=i?await e.saveSingle(h,o,c,l):n?await e.update(m,n,o,c,l):await e.create(m,o,c,l);if(f(!1),_(!0),C({byField:{},other:[]}),x(!1),a&&D&&k(!0),mt(null),n||i){T(a&&D?`Published.`:`Saved.`);let t=Ut(p),r=i?await e.single(h,D?`draft`:``,t,l):(await e.entry(m,n,D?`draft`:``,t,l)).data;A(r)}else dn=r.data.documentId,window.location.hash=`#/content/${t.apiID}/${dn}${l?`?locale=${l}`:``}`}catch(e){C(Yt(e,Jt(p,v)))}};return W`<h1>${i?t.schema.displayName:n?`Edit ${t.schema.displayName}`:`Create ${t.schema.displayName}`}</h1>
    ${!i&&W`<p><a href=${`#/content/${t.apiID}`}>Back to the list</a></p>`}
    ${c&&W`<${Dt} id="entry-locale" locales=${o} value=${l} onChange=${e=>{(!b||window.confirm(`Leave without saving your changes?`))&&(x(!1),u(e))}} />`}
    ${d&&W`<p class="muted" role="status">No ${(o.find(e=>e.code===l)||{}).name||l} localization yet: Save makes it.</p>`}
    ${D&&g&&W`<p>Status: <strong>${O?`Published`:`Draft`}</strong></p>`}
    ${S.other.map(e=>W`<p class="error" role="alert">${e}</p>`)}
    ${w&&W`<p class="saved" role="status">${w}</p>`}
    ${v&&W`<form onSubmit=${M} class="editor">
      <${Qt} api=${e} fields=${p} value=${v} disabled=${!E} errors=${S.byField} can=${r} onChange=${j} />
      <div class="actions">
        ${E&&W`<button type="submit">Save</button>`}
        ${E&&D&&W`<button type="button" onClick=${e=>M(e,!0)}>Publish</button>`}
        ${g&&r(`${t.apiID}.delete`)&&W`<button type="button" class="danger" onClick=${async()=>{if(window.confirm(`Delete this entry?`))try{if(i?await e.removeSingle(h,l):await e.remove(m,n,l),x(!1),mt(null),i){_(!1),k(!1),A(null),T(`Deleted.`);return}window.location.hash=`#/content/${t.apiID}`}catch(e){C(Yt(e,Jt(p,v)))}}}>Delete</button>`}
      </div>
    </form>`}
    ${!i&&W`<${un} api=${e} type=${t} documentId=${n} can=${r} />`}`}var Q=50;function pn({api:e,can:t}){let[n,r]=B(null),[i,a]=B(``),[o,s]=B(``),[c,l]=B(``),[u,d]=B(0),[f,p]=B([]),[m,h]=B(null),[g,_]=B(``),v=xe(0),y=()=>{let t=++v.current;return e.files({search:i,kind:c,start:u,limit:Q}).then(e=>t===v.current&&r(e)).catch(e=>_(e.message))};V(()=>{y()},[i,c,u]);let b=async t=>{let n=[...t].map(e=>({name:e.name,progress:0,error:``}));p(n),await Promise.all([...t].map((t,r)=>e.upload(t,e=>{n[r]={...n[r],progress:e},p([...n])}).catch(e=>{n[r]={...n[r],error:e.message},p([...n])}))),y()},x=e=>{e.preventDefault(),e.dataTransfer&&e.dataTransfer.files.length&&b(e.dataTransfer.files)},S=async t=>{t.preventDefault();try{await e.describeFile(m.id,{name:m.name,alternativeText:m.alternativeText,caption:m.caption}),h(null),y()}catch(e){_(e.message)}},C=async t=>{if(window.confirm(`Delete ${t.name}? Every media field that shows it loses it.`))try{await e.deleteFile(t.id),y()}catch(e){_(e.message)}};return W`<h1>Media Library</h1>
    ${g&&W`<p class="error" role="alert">${g}</p>`}
    <div class="tools">
      <form role="search" onSubmit=${e=>{e.preventDefault(),a(o),d(0)}}>
        <label for="media-search">Search</label>
        <input id="media-search" type="search" value=${o} onInput=${e=>s(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>
      <div class="locale"><label for="media-kind">Type of file</label>
        <select id="media-kind" value=${c} onChange=${e=>{l(e.target.value),d(0)}}>
          <option value="">All</option>${Ge.map(([e,t])=>W`<option value=${e}>${t}</option>`)}</select></div>
      ${t(`upload.upload`)&&W`<div class="dropzone" onDragOver=${e=>e.preventDefault()} onDrop=${x}>
        <label for="upload">Upload files</label>
        <input id="upload" type="file" multiple onChange=${e=>b(e.target.files)} />
        <span>or drop them here</span>
      </div>`}
    </div>
    ${f.length>0&&W`<ul class="uploads" aria-label="Uploads">${f.map(e=>W`<li>
      ${e.name} <progress max="1" value=${e.progress} aria-label=${`Upload of ${e.name}`}></progress>
      ${e.error?W`<span class="field-error">${e.error}</span>`:e.progress>=1?` done`:``}</li>`)}</ul>`}
    ${m&&W`<form class="editor" onSubmit=${S}>
      <h2>Edit ${m.name}</h2>
      <div class="field"><label for="file-alt">Alternative text</label>
        <input id="file-alt" value=${m.alternativeText||``} onInput=${e=>h({...m,alternativeText:e.target.value})} /></div>
      <div class="field"><label for="file-caption">Caption</label>
        <input id="file-caption" value=${m.caption||``} onInput=${e=>h({...m,caption:e.target.value})} /></div>
      <div class="actions"><button type="submit">Save</button>
        <button type="button" class="secondary" onClick=${()=>h(null)}>Cancel</button></div>
    </form>`}
    ${n&&W`<div class="table-wrap"><table>
      <caption>${u||n.length===Q?`Files ${u+1} to ${u+n.length}`:`${n.length} files`}</caption>
      <thead><tr><th scope="col">Preview</th><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Size</th>
        <th scope="col">Alternative text</th><th scope="col">Formats</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${n.map(e=>W`<tr key=${e.id}>
        <td>${q(e)?W`<img src=${q(e)} alt=${e.alternativeText||``} width="64" height="48" class="thumb" />`:`—`}</td>
        <td>${e.name}</td><td>${e.mime}</td><td>${qe(e.size)}</td><td>${e.alternativeText||``}</td>
        <td>${e.formats?Object.entries(e.formats).map(([e,t])=>`${e} ${t.width}×${t.height}`).join(`, `):`—`}</td>
        <td class="actions">
          ${t(`upload.upload`)&&W`<button type="button" class="secondary" aria-label=${`Edit ${e.name}`} onClick=${()=>h(e)}>Edit</button>`}
          ${t(`upload.destroy`)&&W`<button type="button" class="danger" aria-label=${`Delete ${e.name}`} onClick=${()=>C(e)}>Delete</button>`}
        </td></tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${u===0} onClick=${()=>d(Math.max(u-Q,0))}>Previous</button>
      <button type="button" class="secondary" disabled=${n.length<Q} onClick=${()=>d(u+Q)}>Next</button>
    </div>`}`}var mn={collectionType:[`find`,`findOne`,`create`,`update`,`delete`],singleType:[`find`,`update`,`delete`]},hn=[...mn.collectionType,`readDrafts`];function gn(e){return[...mn[e.schema.kind]||[],...e.schema.draftAndPublish?[`readDrafts`]:[]].map(t=>`${e.apiID}.${t}`)}function _n(e){return e.filter(e=>!e.plugin&&mn[e.schema.kind]).map(e=>({apiID:e.apiID,label:e.schema.displayName||e.apiID,actions:gn(e)})).sort((e,t)=>e.label.localeCompare(t.label))}function vn(e){return e.split(`,`).map(e=>e.trim()).filter(Boolean)}function yn(e,t,n){let r=e.flatMap(e=>e.actions.filter(e=>t.has(e)));for(let e of vn(n))r.includes(e)||r.push(e);return r}function bn(e,t,n){let r=new Set(e);for(let e of t.actions)n?r.add(e):r.delete(e);return r}function xn(e,t){let n=t.actions.filter(t=>e.has(t)).length;return n===0?`none`:n===t.actions.length?`all`:`some`}function Sn(e,t){return vn(t).some(t=>e.includes(`"${t}"`))?`typed`:`grid`}function Cn(e){let t=e.events||[];return{name:e.name,url:e.url,ticked:t.filter(e=>tt.includes(e)),typed:t.filter(e=>!tt.includes(e)).join(`, `),enabled:e.enabled!==!1}}var wn=(e,t)=>e.length===t.length&&e.every(e=>t.includes(e));function Tn(e,t){let n={},r={},i=t.name.trim(),a=t.url.trim(),o=nt(t.ticked,t.typed);return i?i!==e.name&&(n.name=i):r.name=`a name is required`,a?a!==e.url&&(n.url=a):r.url=`a URL is required`,o.length?wn(o,e.events||[])||(n.events=o):r.events=`at least one event is required`,t.enabled!==(e.enabled!==!1)&&(n.enabled=t.enabled),{data:n,errors:r}}function En({api:e,can:t}){let n={name:``,url:``,ticked:[`entry.create`],typed:``,enabled:!0},[r,i]=B(null),[a,o]=B(n),[s,c]=B(null),[l,u]=B(null),[d,f]=B(``),[p,m]=B(null),[h,g]=B([]),[_,v]=B($),[y,b]=B(``);be(()=>{let e=y&&document.getElementById(y);e&&(e.focus(),b(``))},[y,r,s]);let x=e=>v(ft(e)),S=()=>e.webhooks().then(({data:e})=>i(e)).catch(x),C=t=>e.deliveries(t.id).then(({data:e})=>{m(t),g(e)}).catch(x);V(()=>{S()},[]);let w=async()=>{let{data:t}=await e.createWebhook({name:a.name,url:a.url,events:nt(a.ticked,a.typed),enabled:a.enabled});u(t)},T=e=>{c(null),o(n),v($),e&&b(`hook-edit-${e.id}`)},E=async()=>{let{data:t,errors:n}=Tn(s,a);return Object.keys(n).length?(v({byField:n,other:[]}),!1):(Object.keys(t).length&&await e.updateWebhook(s.id,t),f(Object.keys(t).length?`Webhook "${t.name||s.name}" saved.`:`Webhook "${s.name}": nothing changed.`),T(s),!0)},D=async e=>{e.preventDefault(),f(``),u(null);try{if(s){if(!await E())return}else await w(),v($);S()}catch(e){x(e)}},O=e=>{c(e),o(Cn(e)),v($),u(null),f(``),b(`hook-name`)},k=async t=>{if(window.confirm(`Delete the webhook "${t.name}" and its delivery log?`))try{await e.deleteWebhook(t.id),p&&p.id===t.id&&m(null),s&&s.id===t.id&&T(),S()}catch(e){x(e)}},A=t(s?`webhooks.update`:`webhooks.create`),j=Object.entries(_.byField).filter(([e])=>![`name`,`url`,`events`].includes(e)).map(([,e])=>e);return W`<h1>Webhooks</h1>
    ${[..._.other,...j].map(e=>W`<p class="error" role="alert">${e}</p>`)}
    ${d&&W`<p class="saved" role="status">${d}</p>`}
    ${l&&W`<div class="token-made" role="status">
      <p>Webhook "${l.name}" made. Its signing secret is shown this once.</p>
      <label for="hook-secret">Secret</label><input id="hook-secret" readonly value=${l.secret} />
    </div>`}
    ${A&&W`<${On} title=${s?`Edit webhook ${s.name}`:`Create new webhook`}
      form=${a} setForm=${o} errors=${_.byField} onSubmit=${D} onCancel=${s&&(()=>T(s))} />`}
    ${r&&W`<div class="table-wrap"><table>
      <caption>${r.length} webhooks</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Enabled</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${r.map(e=>W`<tr key=${e.id}><td>${e.name}</td><td>${e.url}</td><td>${(e.events||[]).join(`, `)}</td>
        <td>${e.enabled?`Yes`:`No`}</td><td class="actions">
          ${t(`webhooks.deliveries`)&&W`<button type="button" class="secondary" aria-label=${`Deliveries of ${e.name}`} onClick=${()=>C(e)}>Deliveries</button>`}
          ${t(`webhooks.update`)&&e.source!==`config`&&W`<button type="button" class="secondary" id=${`hook-edit-${e.id}`}
            aria-label=${`Edit ${e.name}`} onClick=${()=>O(e)}>Edit</button>`}
          ${t(`webhooks.delete`)&&e.source!==`config`&&W`<button type="button" class="danger" aria-label=${`Delete ${e.name}`} onClick=${()=>k(e)}>Delete</button>`}
          ${e.source===`config`&&W`<span class="muted">from config/webhooks.yaml</span>`}
        </td></tr>`)}</tbody>
    </table></div>`}
    ${p&&W`<section aria-label=${`Deliveries of ${p.name}`}>
      <h2>Deliveries of ${p.name}</h2>
      <p><button type="button" class="secondary" onClick=${()=>C(p)}>Refresh</button></p>
      <div class="table-wrap"><table>
        <caption>${h.length} deliveries</caption>
        <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Answer</th>
          <th scope="col">Made</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>${h.map(n=>W`<tr key=${n.id}><td>${n.event}</td><td>${n.status}</td><td>${n.attempts}</td>
          <td>${n.lastStatus||n.lastError||``}</td><td>${at(n.createdAt)}</td><td>
          ${t(`webhooks.redeliver`)&&W`<button type="button" class="secondary" aria-label=${`Redeliver ${n.id}`}
            onClick=${()=>e.redeliver(p.id,n.id).then(()=>C(p)).catch(x)}>Redeliver</button>`}</td></tr>`)}</tbody>
      </table></div>
    </section>`}`}var $={byField:{},other:[]},Dn=(e,t,n)=>e[t]?{"aria-invalid":`true`,"aria-describedby":n}:{};function On({title:e,form:t,setForm:n,errors:r,onSubmit:i,onCancel:a}){let o=(e,r)=>n({...t,[e]:r}),s=(e,n)=>o(`ticked`,n?[...t.ticked,e]:t.ticked.filter(t=>t!==e)),c=e=>r[e]&&W`<p class="field-error" id=${`hook-${e}-error`}>${r[e]}</p>`;return W`<form class="editor" onSubmit=${i} onKeyDown=${e=>{e.key===`Escape`&&a&&a()}} aria-labelledby="hook-form-title">
    <h2 id="hook-form-title">${e}</h2>
    <div class="field"><label for="hook-name">Name</label>
      <input id="hook-name" required value=${t.name} ...${Dn(r,`name`,`hook-name-error`)}
        onInput=${e=>o(`name`,e.target.value)} />${c(`name`)}</div>
    <div class="field"><label for="hook-url">URL</label>
      <input id="hook-url" type="url" required value=${t.url} ...${Dn(r,`url`,`hook-url-error`)}
        onInput=${e=>o(`url`,e.target.value)} />${c(`url`)}</div>
    <fieldset class="field"><legend>Events</legend>
      ${tt.map(e=>W`<label class="inline"><input type="checkbox" checked=${t.ticked.includes(e)}
        onChange=${t=>s(e,t.target.checked)} /> ${e}</label>`)}
      <label for="hook-other">Other events (a plugin's, comma-separated)</label>
      <input id="hook-other" value=${t.typed} ...${Dn(r,`events`,`hook-events-error`)}
        onInput=${e=>o(`typed`,e.target.value)} />${c(`events`)}
    </fieldset>
    <div class="field"><label class="inline"><input type="checkbox" id="hook-enabled" checked=${t.enabled}
      onChange=${e=>o(`enabled`,e.target.checked)} /> Enabled</label></div>
    <div class="actions"><button type="submit">Save</button>
      ${a&&W`<button type="button" class="secondary" onClick=${a}>Cancel</button>`}</div>
  </form>`}function kn({api:e,can:t,types:n=[]}){let r=H(()=>_n(n),[n]),i={name:``,description:``,type:`read-only`,lifespan:``,ticked:new Set,typed:``},[a,o]=B(null),[s,c]=B(null),[l,u]=B(i),[d,f]=B($),p=()=>e.tokens().then(({data:e})=>o(e)).catch(e=>f({byField:{},other:[e.message]}));V(()=>{p()},[]);let m=async t=>{t.preventDefault();try{let t=l.lifespan===``?null:Number(l.lifespan),n={name:l.name,description:l.description,type:l.type,lifespan:t};l.type===`custom`&&(n.permissions=yn(r,l.ticked,l.typed));let{data:i}=await e.createToken(n);c(i),f($),u({...l,name:``,description:``,ticked:new Set,typed:``}),p()}catch(e){f(ft(e))}},h=async t=>{if(window.confirm(`Revoke the token "${t.name}"? Requests with it are refused from now on.`))try{await e.revokeToken(t.id),p()}catch(e){f(ft(e))}},g=d.byField.permissions,_=g?Sn(g,l.typed):``,v=W`<p class="field-error" id="token-permissions-error">${g}</p>`,y=Object.entries(d.byField).filter(([e])=>![`name`,`permissions`].includes(e)).map(([,e])=>e);return W`<h1>API Tokens</h1>
    ${[...d.other,...y].map(e=>W`<p class="error" role="alert">${e}</p>`)}
    ${s&&W`<div class="token-made" role="status">
      <p>Token "${s.name}" made. This is the only time it is shown: copy it now.</p>
      <label for="access-key">Token</label>
      <input id="access-key" readonly value=${s.accessKey} onFocus=${e=>e.target.select()} />
    </div>`}
    ${t(`apiTokens.create`)&&W`<form class="editor" onSubmit=${m}>
      <h2>Create new API token</h2>
      <div class="field"><label for="token-name">Name</label>
        <input id="token-name" required value=${l.name} ...${Dn(d.byField,`name`,`token-name-error`)}
          onInput=${e=>u({...l,name:e.target.value})} />
        ${d.byField.name&&W`<p class="field-error" id="token-name-error">${d.byField.name}</p>`}</div>
      <div class="field"><label for="token-description">Description</label>
        <input id="token-description" value=${l.description} onInput=${e=>u({...l,description:e.target.value})} /></div>
      <div class="field"><label for="token-type">Token type</label>
        <select id="token-type" value=${l.type} onChange=${e=>u({...l,type:e.target.value})}>
          <option value="read-only">Read-only</option><option value="full-access">Full access</option>
          <option value="custom">Custom</option></select></div>
      ${l.type===`custom`&&W`<fieldset class="field permissions" aria-describedby=${_===`grid`?`token-permissions-error`:void 0}>
        <legend>Permissions</legend>
        ${_===`grid`&&v}
        <${An} grid=${r} ticked=${l.ticked} onTick=${e=>u({...l,ticked:e})} />
        <label for="token-other">Other actions (a plugin's, comma-separated, as <code>kiln routes</code> lists them)</label>
        <input id="token-other" value=${l.typed} placeholder="analytics.dashboard, users.find"
          ...${_===`typed`?{"aria-invalid":`true`,"aria-describedby":`token-permissions-error`}:{}}
          onInput=${e=>u({...l,typed:e.target.value})} />
        ${_===`typed`&&v}
      </fieldset>`}
      <div class="field"><label for="token-lifespan">Token duration</label>
        <select id="token-lifespan" value=${l.lifespan} onChange=${e=>u({...l,lifespan:e.target.value})}>
          ${it.map(([e,t])=>W`<option value=${t===null?``:String(t)}>${e}</option>`)}</select></div>
      <div class="actions"><button type="submit">Save</button></div>
    </form>`}
    ${a&&W`<div class="table-wrap"><table>
      <caption>${a.length} tokens</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Permissions</th><th scope="col">Expires</th>
        <th scope="col">Last used</th><th scope="col">Created</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${a.map(e=>W`<tr key=${e.id}><td>${e.name}</td><td>${e.type}</td>
        <td>${e.type===`custom`?W`<details><summary>${e.permissions.length} actions</summary>
          <ul class="plain">${e.permissions.map(e=>W`<li>${e}</li>`)}</ul></details>`:`all its type allows`}</td>
        <td>${at(e.expiresAt)}</td><td>${at(e.lastUsedAt)}</td><td>${at(e.createdAt)}</td>
        <td>${t(`apiTokens.delete`)&&W`<button type="button" class="danger" aria-label=${`Revoke ${e.name}`} onClick=${()=>h(e)}>Revoke</button>`}</td></tr>`)}</tbody>
    </table></div>`}`}function An({grid:e,ticked:t,onTick:n}){let r=(e,r)=>{let i=new Set(t);r?i.add(e):i.delete(e),n(i)};return W`<div class="table-wrap"><table class="grid">
    <caption>Actions of each content type</caption>
    <thead><tr><th scope="col">Content type</th><th scope="col">Select all</th>
      ${hn.map(e=>W`<th scope="col">${e}</th>`)}</tr></thead>
    <tbody>${e.map(e=>{let i=xn(t,e);return W`<tr key=${e.apiID}><th scope="row">${e.label}</th>
        <td><input type="checkbox" aria-label=${`${e.apiID} select all`} checked=${i===`all`}
          indeterminate=${i===`some`} onChange=${r=>n(bn(t,e,r.target.checked))} /></td>
        ${hn.map(n=>{let i=`${e.apiID}.${n}`;return W`<td>${e.actions.includes(i)&&W`<input type="checkbox" aria-label=${`${e.apiID} ${n}`}
            checked=${t.has(i)} onChange=${e=>r(i,e.target.checked)} />`}</td>`})}</tr>`})}</tbody>
  </table></div>`}function jn({api:e,onSignOut:t}){let[n,r]=B(null),[i,a]=B([]),[o,s]=B([]),[c,l]=B([]),[u,d]=B([]),[f,p]=B([]),[m,h]=B(``),g=ht();V(()=>{Promise.all([e.contentTypes(),e.permissions(),e.components()]).then(([t,n,i])=>{s(i.data),n.data.actions.includes(`i18n.locales`)&&e.locales().then(l).catch(()=>{}),p(n.data.actions),a(t.data),r(Re(t.data,n.data.actions)),d(Ve(t.data,n.data.actions))}).catch(e=>h(e.message))},[]);let _=e=>f.includes(e),v=H(()=>({types:i,components:o,actions:f}),[i,o,f]),[y,b=``]=g.split(`?`),[,x,S,C]=y.split(`/`),w=new URLSearchParams(b).get(`locale`)||``,T=n&&x===`content`&&n.find(e=>e.apiID===S),E=x===`single`&&u.find(e=>e.apiID===S);return W`<div class="layout">
    <nav aria-label="Content Manager">
      <h2>Content Manager</h2>
      ${n&&W`<ul>${n.map(e=>W`<li key=${e.uid}>
        <a href=${`#/content/${e.apiID}`} aria-current=${T===e?`page`:void 0}>${e.schema.displayName}</a></li>`)}</ul>`}
      ${u.length>0&&W`<h3>Single types</h3><ul>${u.map(e=>W`<li key=${e.uid}>
        <a href=${`#/single/${e.apiID}`} aria-current=${E===e?`page`:void 0}>${e.schema.displayName}</a></li>`)}</ul>`}
      ${_(`analytics.dashboard`)&&W`<ul><li>
        <a href="#/dashboard" aria-current=${g===`/dashboard`?`page`:void 0}>Dashboard</a></li></ul>`}
      ${_(`coaching.availability`)&&_(`coach.find`)&&W`<ul><li>
        <a href="#/coach-week" aria-current=${g===`/coach-week`?`page`:void 0}>Coach's week</a></li></ul>`}
      ${_(`upload.find`)&&W`<ul><li>
        <a href="#/media" aria-current=${g===`/media`?`page`:void 0}>Media Library</a></li></ul>`}
      ${_(`apiTokens.find`)&&W`<h2>Settings</h2><ul><li>
        <a href="#/settings/api-tokens" aria-current=${g===`/settings/api-tokens`?`page`:void 0}>API Tokens</a></li></ul>`}
      ${_(`webhooks.find`)&&W`<ul><li>
        <a href="#/settings/webhooks" aria-current=${g===`/settings/webhooks`?`page`:void 0}>Webhooks</a></li></ul>`}
      <p><button class="secondary" type="button" onClick=${t}>Sign out</button></p>
    </nav>
    <main>
      ${m&&W`<p class="error" role="alert">${m}</p>`}
      ${g===`/settings/api-tokens`&&_(`apiTokens.find`)?W`<${kn} api=${e} can=${_} types=${i} />`:E?W`<${fn} key=${E.uid} api=${e} type=${E} single can=${_} ctx=${v} locales=${c} />`:g===`/dashboard`&&_(`analytics.dashboard`)?W`<${cn} api=${e} can=${_} />`:g===`/media`&&_(`upload.find`)?W`<${pn} api=${e} can=${_} />`:g===`/coach-week`&&_(`coaching.availability`)?W`<${on} api=${e} can=${_} />`:g===`/settings/webhooks`&&_(`webhooks.find`)?W`<${En} api=${e} can=${_} />`:T?C?W`<${fn} key=${T.uid+C} api=${e} type=${T} documentId=${C===`new`?``:C} can=${_}
            ctx=${v} locales=${c}
            initialLocale=${w} />`:W`<${kt} key=${T.uid} api=${e} type=${T} can=${_} locales=${c} />`:W`<h1>Welcome</h1><p>Choose a collection type.</p>`}
    </main>
  </div>`}var Mn=window.sessionStorage,Nn=`kiln-admin-token`;function Pn(){let[e,t]=B(Mn.getItem(Nn)||``),[n,r]=B(``),i=(e=``)=>{Mn.removeItem(Nn),t(``),r(e)},a=st({token:()=>Mn.getItem(Nn)||``,onExpired:()=>i(`Your session has ended. Sign in again.`)});return e?W`<${jn} api=${a} onSignOut=${()=>i()} />`:W`<${Fn} api=${a} notice=${n} onSignedIn=${e=>{Mn.setItem(Nn,e),r(``),t(e)}} />`}function Fn({api:e,notice:t,onSignedIn:n}){let[r,i]=B(``),[a,o]=B(``),[s,c]=B(t),[l,u]=B(!1);return W`<main class="signin">
    <h1>Kiln</h1>
    <form onSubmit=${async t=>{t.preventDefault(),u(!0),c(``);try{let{jwt:t}=await e.signIn(r,a),i=st({token:()=>t}),[{data:o},s]=await Promise.all([i.permissions(),e.settings()]);if(!s.roles.includes(o.role)){c(`This account may not use the admin panel.`);return}n(t)}catch(e){c(e.message)}finally{u(!1)}}}>
      <label for="email">Email</label>
      <input id="email" type="email" autocomplete="username" required value=${r} onInput=${e=>i(e.target.value)} />
      <label for="password">Password</label>
      <input id="password" type="password" autocomplete="current-password" required value=${a} onInput=${e=>o(e.target.value)} />
      ${s&&W`<p class="error" role="alert">${s}</p>`}
      <button type="submit" disabled=${l}>Login</button>
    </form>
  </main>`}ce(W`<${Pn} />`,document.getElementById(`app`));