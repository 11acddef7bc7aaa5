var e,t,n,r,i,a,o,s,c,l,u,d,f,p,m={},h=[],g=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,_=Array.isArray;function v(e,t){for(var n in t)e[n]=t[n];return e}function y(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function b(t,n,r){var i,a,o,s={};for(o in n)o==`key`?i=n[o]:o==`ref`?a=n[o]:s[o]=n[o];if(arguments.length>2&&(s.children=arguments.length>3?e.call(arguments,2):r),typeof t==`function`&&t.defaultProps!=null)for(o in t.defaultProps)s[o]===void 0&&(s[o]=t.defaultProps[o]);return x(t,s,i,a,null)}function x(e,r,i,a,o){var s={type:e,props:r,key:i,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++n,__i:-1,__u:0};return o==null&&t.vnode!=null&&t.vnode(s),s}function S(e){return e.children}function C(e,t){this.props=e,this.context=t}function w(e,t){if(t==null)return e.__?w(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type==`function`?w(e):null}function T(e){if(e.__P&&e.__d){var n=e.__v,r=n.__e,i=[],a=[],o=v({},n);o.__v=n.__v+1,t.vnode&&t.vnode(o),ee(e.__P,o,n,e.__n,e.__P.namespaceURI,32&n.__u?[r]:null,i,r??w(n),!!(32&n.__u),a),o.__v=n.__v,o.__.__k[o.__i]=o,ne(i,o,a),n.__e=n.__=null,o.__e!=r&&E(o)}}function E(e){if((e=e.__)!=null&&e.__c!=null)return e.__e=e.__c.base=null,e.__k.some(function(t){if(t!=null&&t.__e!=null)return e.__e=e.__c.base=t.__e}),E(e)}function D(e){(!e.__d&&(e.__d=!0)&&r.push(e)&&!O.__r++||i!=t.debounceRendering)&&((i=t.debounceRendering)||a)(O)}function O(){try{for(var e,t=1;r.length;)r.length>t&&r.sort(o),e=r.shift(),t=r.length,T(e)}finally{r.length=O.__r=0}}function k(e,t,n,r,i,a,o,s,c,l,u){var d,f,p,g,_,v,y=r&&r.__k||h,b=t.length;for(c=A(n,t,y,c,b),d=0;d<b;d++)(p=n.__k[d])!=null&&(f=p.__i!=-1&&y[p.__i]||m,p.__i=d,v=ee(e,p,f,i,a,o,s,c,l,u),g=p.__e,p.ref&&f.ref!=p.ref&&(f.ref&&ae(f.ref,null,p),u.push(p.ref,p.__c||g,p)),_==null&&g!=null&&(_=g),4&p.__u?(c=j(p,c,e),f.__e&&(f.__e=null)):typeof p.type==`function`&&v!==void 0?c=v:g&&(c=g.nextSibling),p.__u&=-7);return n.__e=_,c}function A(e,t,n,r,i){var a,o,s,c,l,u=n.length,d=u,f=0;for(e.__k=Array(i),a=0;a<i;a++)(o=t[a])!=null&&typeof o!=`boolean`&&typeof o!=`function`?(typeof o==`string`||typeof o==`number`||typeof o==`bigint`||o.constructor==String?o=e.__k[a]=x(null,o,null,null,null):_(o)?o=e.__k[a]=x(S,{children:o},null,null,null):o.constructor===void 0&&o.__b>0?o=e.__k[a]=x(o.type,o.props,o.key,o.ref?o.ref:null,o.__v):e.__k[a]=o,c=a+f,o.__=e,o.__b=e.__b+1,s=null,(l=o.__i=M(o,n,c,d))!=-1&&(d--,(s=n[l])&&(s.__u|=2)),s==null||s.__v==null?(l==-1&&(i>u?f--:i<u&&f++),typeof o.type!=`function`&&(o.__u|=4)):l!=c&&(l==c-1?f--:l==c+1?f++:(l>c?f--:f++,o.__u|=4))):e.__k[a]=null;if(d)for(a=0;a<u;a++)(s=n[a])!=null&&!(2&s.__u)&&(s.__e==r&&(r=w(s)),oe(s,s));return r}function j(e,t,n){var r,i;if(typeof e.type==`function`){for(r=e.__k,i=0;r&&i<r.length;i++)r[i]&&(r[i].__=e,t=j(r[i],t,n));return t}e.__e!=t&&(t&&e.type&&!t.parentNode&&(t=w(e)),t=n.insertBefore(e.__e,t||null));do t&&=t.nextSibling;while(t!=null&&t.nodeType==8);return t}function M(e,t,n,r){var i,a,o,s=e.key,c=e.type,l=t[n],u=l!=null&&!(2&l.__u);if(l===null&&s==null||u&&s==l.key&&c==l.type)return n;if(r>+!!u){for(i=n-1,a=n+1;i>=0||a<t.length;)if((l=t[o=i>=0?i--:a++])!=null&&!(2&l.__u)&&s==l.key&&c==l.type)return o}return-1}function N(e,t,n){t[0]==`-`?e.setProperty(t,n??``):e[t]=n==null?``:typeof n!=`number`||g.test(t)?n:n+`px`}function P(e,t,n,r,i){var a,o;n:if(t==`style`){if(typeof n==`string`)e.style.cssText=n;else{if(typeof r==`string`&&(e.style.cssText=r=``),r)for(t in r)n&&t in n||N(e.style,t,``);if(n)for(t in n)r&&n[t]==r[t]||N(e.style,t,n[t])}}else if(t[0]==`o`&&t[1]==`n`)a=t!=(t=t.replace(u,`$1`)),o=t.toLowerCase(),t=o in e||t==`onFocusOut`||t==`onFocusIn`?o.slice(2):t.slice(2),e.l||={},e.l[t+a]=n,n?r?n[l]=r[l]:(n[l]=d,e.addEventListener(t,a?p:f,a)):e.removeEventListener(t,a?p:f,a);else{if(i==`http://www.w3.org/2000/svg`)t=t.replace(/xlink(H|:h)/,`h`).replace(/sName$/,`s`);else if(t!=`width`&&t!=`height`&&t!=`href`&&t!=`list`&&t!=`form`&&t!=`tabIndex`&&t!=`download`&&t!=`rowSpan`&&t!=`colSpan`&&t!=`role`&&t!=`popover`&&t in e)try{e[t]=n??``;break n}catch{}typeof n==`function`||(n==null||!1===n&&t[4]!=`-`?e.removeAttribute(t):e.setAttribute(t,t==`popover`&&n==1?``:n))}}function F(e){return function(n){if(this.l){var r=this.l[n.type+e];if(n[c]==null)n[c]=d++;else if(n[c]<r[l])return;return r(t.event?t.event(n):n)}}}function ee(e,n,r,i,a,o,s,c,l,u){var d,f,p,m,g,b,x,T,E,D,O,A,j,M,N,P,F=n.type;if(n.constructor!==void 0)return null;128&r.__u&&(l=!!(32&r.__u),o=[c=n.__e=r.__e]),(d=t.__b)&&d(n);n:if(typeof F==`function`){f=s.length;try{if(E=n.props,D=F.prototype&&F.prototype.render,O=(d=F.contextType)&&i[d.__c],A=d?O?O.props.value:d.__:i,r.__c?T=(p=n.__c=r.__c).__=p.__E:(D?n.__c=p=new F(E,A):(n.__c=p=new C(E,A),p.constructor=F,p.render=se),O&&O.sub(p),p.state||(p.state={}),p.__n=i,m=p.__d=!0,p.__h=[],p._sb=[]),D&&p.__s==null&&(p.__s=p.state),D&&F.getDerivedStateFromProps!=null&&(p.__s==p.state&&(p.__s=v({},p.__s)),v(p.__s,F.getDerivedStateFromProps(E,p.__s))),g=p.props,b=p.state,p.__v=n,m)D&&F.getDerivedStateFromProps==null&&p.componentWillMount!=null&&p.componentWillMount(),D&&p.componentDidMount!=null&&p.__h.push(p.componentDidMount);else{if(D&&F.getDerivedStateFromProps==null&&E!==g&&p.componentWillReceiveProps!=null&&p.componentWillReceiveProps(E,A),n.__v==r.__v||!p.__e&&p.shouldComponentUpdate!=null&&!1===p.shouldComponentUpdate(E,p.__s,A)){n.__v!=r.__v&&(p.props=E,p.state=p.__s,p.__d=!1),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(e){e&&(e.__=n)}),h.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&s.push(p),c=w(r);break n}p.componentWillUpdate!=null&&p.componentWillUpdate(E,p.__s,A),D&&p.componentDidUpdate!=null&&p.__h.push(function(){p.componentDidUpdate(g,b,x)})}if(p.context=A,p.props=E,p.__P=e,p.__e=!1,j=t.__r,M=0,D)p.state=p.__s,p.__d=!1,j&&j(n),d=p.render(p.props,p.state,p.context),h.push.apply(p.__h,p._sb),p._sb=[];else do p.__d=!1,j&&j(n),d=p.render(p.props,p.state,p.context),p.state=p.__s;while(p.__d&&++M<25);p.state=p.__s,p.getChildContext!=null&&(i=v(v({},i),p.getChildContext())),D&&!m&&p.getSnapshotBeforeUpdate!=null&&(x=p.getSnapshotBeforeUpdate(g,b)),N=d!=null&&d.type===S&&d.key==null?re(d.props.children):d,c=k(e,_(N)?N:[N],n,r,i,a,o,s,c,l,u),p.base=n.__e,n.__u&=-161,p.__h.length&&s.push(p),T&&(p.__E=p.__=null)}catch(e){if(s.length=f,n.__v=null,l||o!=null){if(e.then){for(n.__u|=l?160:128;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;o!=null&&(o[o.indexOf(c)]=null),n.__e=c}else if(o!=null)for(P=o.length;P--;)y(o[P])}else n.__e=r.__e;n.__k??=r.__k||[],e.then||te(n),t.__e(e,n,r)}}else o==null&&n.__v==r.__v?(n.__k=r.__k,n.__e=r.__e):c=n.__e=ie(r.__e,n,r,i,a,o,s,l,u);return(d=t.diffed)&&d(n),128&n.__u?void 0:c}function te(e){e&&(e.__c&&(e.__c.__e=!0),e.__k&&e.__k.some(te))}function ne(e,n,r){for(var i=0;i<r.length;i++)ae(r[i],r[++i],r[++i]);t.__c&&t.__c(n,e),e.some(function(n){try{e=n.__h,n.__h=[],e.some(function(e){e.call(n)})}catch(e){t.__e(e,n.__v)}})}function re(e){return typeof e!=`object`||!e||e.__b>0?e:_(e)?e.map(re):e.constructor===void 0?v({},e):null}function ie(n,r,i,a,o,s,c,l,u){var d,f,p,h,g,v,b,x=i.props||m,S=r.props,C=r.type;if(C==`svg`?o=`http://www.w3.org/2000/svg`:C==`math`?o=`http://www.w3.org/1998/Math/MathML`:o||=`http://www.w3.org/1999/xhtml`,s!=null){for(d=0;d<s.length;d++)if((g=s[d])&&`setAttribute`in g==!!C&&(C?g.localName==C:g.nodeType==3)){n=g,s[d]=null;break}}if(n==null){if(C==null)return document.createTextNode(S);n=document.createElementNS(o,C,S.is&&S),l&&=(t.__m&&t.__m(r,s),!1),s=null}if(C==null)x===S||l&&n.data==S||(n.data=S);else{if(s=C==`textarea`&&S.defaultValue!=null?null:s&&e.call(n.childNodes),!l&&s!=null)for(x={},d=0;d<n.attributes.length;d++)x[(g=n.attributes[d]).name]=g.value;for(d in x)g=x[d],d==`dangerouslySetInnerHTML`?p=g:d==`children`||d in S||d==`value`&&`defaultValue`in S||d==`checked`&&`defaultChecked`in S||P(n,d,null,g,o);for(d in S)g=S[d],d==`children`?h=g:d==`dangerouslySetInnerHTML`?f=g:d==`value`?v=g:d==`checked`?b=g:l&&typeof g!=`function`||x[d]===g||P(n,d,g,x[d],o);if(f)l||p&&(f.__html==p.__html||f.__html==n.innerHTML)||(n.innerHTML=f.__html),r.__k=[];else if(p&&(n.innerHTML=``),k(r.type==`template`?n.content:n,_(h)?h:[h],r,i,a,C==`foreignObject`?`http://www.w3.org/1999/xhtml`:o,s,c,s?s[0]:i.__k&&w(i,0),l,u),s!=null)for(d=s.length;d--;)y(s[d]);l&&C!=`textarea`||(d=`value`,C==`progress`&&v==null?n.removeAttribute(`value`):v!=null&&(v!==n[d]||C==`progress`&&!v||C==`option`&&v!=x[d])&&P(n,d,v,x[d],o),d=`checked`,b!=null&&b!=n[d]&&P(n,d,b,x[d],o))}return n}function ae(e,n,r){try{if(typeof e==`function`){var i=typeof e.__u==`function`;i&&e.__u(),i&&n==null||(e.__u=e(n))}else e.current=n}catch(e){t.__e(e,r)}}function oe(e,n,r){var i,a;if(t.unmount&&t.unmount(e),(i=e.ref)&&(i.current&&i.current!=e.__e||ae(i,null,n)),(i=e.__c)!=null){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(e){t.__e(e,n)}i.base=i.__P=i.__n=null}if(i=e.__k)for(a=0;a<i.length;a++)i[a]&&oe(i[a],n,r||typeof e.type!=`function`);r||y(e.__e),e.__c=e.__=e.__e=void 0}function se(e,t,n){return this.constructor(e,n)}function ce(n,r,i){var a,o,s,c;r==document&&(r=document.documentElement),t.__&&t.__(n,r),o=(a=typeof i==`function`)?null:i&&i.__k||r.__k,s=[],c=[],ee(r,n=(!a&&i||r).__k=b(S,null,[n]),o||m,m,r.namespaceURI,!a&&i?[i]:o?null:r.firstChild?e.call(r.childNodes):null,s,!a&&i?i:o?o.__e:r.firstChild,a,c),ne(s,n,c),n.props.children=null}e=h.slice,t={__e:function(e,t,n,r){for(var i,a,o;t=t.__;)if((i=t.__c)&&!i.__)try{if((a=i.constructor)&&a.getDerivedStateFromError!=null&&(i.setState(a.getDerivedStateFromError(e)),o=i.__d),i.componentDidCatch!=null&&(i.componentDidCatch(e,r||{}),o=i.__d),o)return i.__E=i}catch(t){e=t}throw e}},n=0,C.prototype.setState=function(e,t){var n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=v({},this.state);typeof e==`function`&&(e=e(v({},n),this.props)),e&&v(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),D(this))},C.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),D(this))},C.prototype.render=S,r=[],a=typeof Promise==`function`?Promise.prototype.then.bind(Promise.resolve()):setTimeout,o=function(e,t){return e.__v.__b-t.__v.__b},O.__r=0,s=Math.random().toString(8),c=`__d`+s,l=`__a`+s,u=/(PointerCapture)$|Capture$/i,d=0,f=F(!1),p=F(!0);var I,L,le,ue,de=0,fe=[],R=t,pe=R.__b,me=R.__r,he=R.diffed,ge=R.__c,_e=R.unmount,ve=R.__;function ye(e,t){R.__h&&R.__h(L,e,de||t),de=0;var n=L.__H||(L.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function z(e){return de=1,be(ke,e)}function be(e,t,n){var r=ye(I++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):ke(void 0,t),function(e){var t=r.__N?r.__N[0]:r.__[0],n=r.t(t,e);t!==n&&(r.__N=[n,r.__[1]],r.__c.setState({}))}],r.__c=L,!L.__f)){var i=function(e,t,n){if(!r.__c.__H)return!0;var i=!1,o=r.__c.props!==e;if(r.__c.__H.__.some(function(e){if(e.__N){i=!0;var t=e.__[0];e.__=e.__N,e.__N=void 0,t!==e.__[0]&&(o=!0)}}),a){var s=a.call(this,e,t,n);return i?s||o:s}return!i||o};L.__f=!0;var a=L.shouldComponentUpdate,o=L.componentWillUpdate;L.componentWillUpdate=function(e,t,n){if(this.__e){var r=a;a=void 0,i(e,t,n),a=r}o&&o.call(this,e,t,n)},L.shouldComponentUpdate=i}return r.__N||r.__}function B(e,t){var n=ye(I++,3);!R.__s&&Oe(n.__H,t)&&(n.__=e,n.u=t,L.__H.__h.push(n))}function xe(e,t){var n=ye(I++,4);!R.__s&&Oe(n.__H,t)&&(n.__=e,n.u=t,L.__h.push(n))}function Se(e){return de=5,V(function(){return{current:e}},[])}function V(e,t){var n=ye(I++,7);return Oe(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function Ce(){for(var e;e=fe.shift();){var t=e.__H;if(e.__P&&t)try{t.__h.some(Ee),t.__h.some(De),t.__h=[]}catch(n){t.__h=[],R.__e(n,e.__v)}}}R.__b=function(e){L=null,pe&&pe(e)},R.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),ve&&ve(e,t)},R.__r=function(e){me&&me(e),I=0;var t=(L=e.__c).__H;t&&(le===L?(t.__h=[],L.__h=[],t.__.some(function(e){e.__N&&(e.__=e.__N),e.u=e.__N=void 0})):(t.__h.some(Ee),t.__h.some(De),t.__h=[],I=0)),le=L},R.diffed=function(e){he&&he(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(fe.push(t)!==1&&ue===R.requestAnimationFrame||((ue=R.requestAnimationFrame)||Te)(Ce)),t.__H.__.some(function(e){e.u&&=(e.__H=e.u,void 0)})),le=L=null},R.__c=function(e,t){t.some(function(e){try{e.__h.some(Ee),e.__h=e.__h.filter(function(e){return!e.__||De(e)})}catch(n){t.some(function(e){e.__h&&=[]}),t=[],R.__e(n,e.__v)}}),ge&&ge(e,t)},R.unmount=function(e){_e&&_e(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.some(function(e){try{Ee(e)}catch(e){t=e}}),n.__H=void 0,t&&R.__e(t,n.__v))};var we=typeof requestAnimationFrame==`function`;function Te(e){var t,n=function(){clearTimeout(r),we&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);we&&(t=requestAnimationFrame(n))}function Ee(e){var t=L,n=e.__c;typeof n==`function`&&(e.__c=void 0,n()),L=t}function De(e){var t=L;e.__c=e.__(),L=t}function Oe(e,t){return!e||e.length!==t.length||t.some(function(t,n){return t!==e[n]})}function ke(e,t){return typeof t==`function`?t(e):t}var Ae=function(e,t,n,r){var i;t[0]=0;for(var a=1;a<t.length;a++){var o=t[a++],s=t[a]?(t[0]|=o?1:2,n[t[a++]]):t[++a];o===3?r[0]=s:o===4?r[1]=Object.assign(r[1]||{},s):o===5?(r[1]=r[1]||{})[t[++a]]=s:o===6?r[1][t[++a]]+=s+``:o?(i=e.apply(s,Ae(e,s,n,[``,null])),r.push(i),s[0]?t[0]|=2:(t[a-2]=0,t[a]=i)):r.push(s)}return r},je=new Map;function Me(e){var t=je.get(this);return t||(t=new Map,je.set(this,t)),(t=Ae(this,t.get(e)||(t.set(e,t=function(e){for(var t,n,r=1,i=``,a=``,o=[0],s=function(e){r===1&&(e||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,``)))?o.push(0,e,i):r===3&&(e||i)?(o.push(3,e,i),r=2):r===2&&i===`...`&&e?o.push(4,e,0):r===2&&i&&!e?o.push(5,0,!0,i):r>=5&&((i||!e&&r===5)&&(o.push(r,0,i,n),r=6),e&&(o.push(r,e,0,n),r=6)),i=``},c=0;c<e.length;c++){c&&(r===1&&s(),s(c));for(var l=0;l<e[c].length;l++)t=e[c][l],r===1?t===`<`?(s(),o=[o],r=3):i+=t:r===4?i===`--`&&t===`>`?(r=1,i=``):i=t+i[0]:a?t===a?a=``:i+=t:t===`"`||t===`'`?a=t:t===`>`?(s(),r=1):r&&(t===`=`?(r=5,n=i,i=``):t===`/`&&(r<5||e[c][l+1]===`>`)?(s(),r===3&&(o=o[0]),r=o,(o=o[0]).push(2,0,r),r=0):t===` `||t===`	`||t===`
`||t===`\r`?(s(),r=2):i+=t),r===3&&i===`!--`&&(r=4,o=o[0])}return s(),o}(e)),t),arguments,[])).length>1?t:t[0]}var H=Me.bind(b),U=class extends Error{constructor(e,t,n,r){super(n),this.status=e,this.name=t,this.details=r||{}}};function Ne(e,t){let n=t&&typeof t==`object`?t.error:null;return n&&typeof n==`object`&&typeof n.message==`string`?new U(n.status||e,n.name||`Error`,n.message,n.details):typeof n==`string`?new U(e,`Error`,n):new U(e,`Error`,`The server answered ${e}.`)}function Pe({page:e=1,pageSize:t=25,sort:n=``,search:r=``,searchField:i=``,status:a=``,locale:o=``,filters:s=[]}={}){let c=[`pagination[page]=${e}`,`pagination[pageSize]=${t}`];return a&&c.push(`status=${a}`),o&&c.push(`locale=${encodeURIComponent(o)}`),n&&c.push(`sort=${encodeURIComponent(n)}`),r&&i&&c.push(`filters[${encodeURIComponent(i)}][$containsi]=${encodeURIComponent(r)}`),c.push(...s),c.join(`&`)}function Fe(e){let t=[`status=published`,`fields[0]=documentId`,`pagination[pageSize]=${Math.max(e.length,1)}`];return e.forEach((e,n)=>t.push(`filters[documentId][$in][${n}]=${encodeURIComponent(e)}`)),t.join(`&`)}var Ie=(e,t)=>W(e,t);function W(e,t,n=[]){let r=[e&&`status=${e}`,t&&`locale=${encodeURIComponent(t)}`,...n].filter(Boolean);return r.length?`?${r.join(`&`)}`:``}function Le(e){let t=e.schema.pluginOptions;return!!(t&&t.i18n&&t.i18n.localized)}function Re(e,t){return e===`${t}:asc`?`${t}:desc`:`${t}:asc`}function ze(e,t){let n=new Set(t);return e.filter(e=>e.schema.visible&&e.schema.kind===`collectionType`&&n.has(`${e.apiID}.find`)).sort((e,t)=>e.schema.displayName.localeCompare(t.schema.displayName))}function Be(e,t){if(!e.allowedTypes)return!0;let n=t.startsWith(`image/`)?`images`:t.startsWith(`video/`)?`videos`:t.startsWith(`audio/`)?`audios`:`files`;return e.allowedTypes.includes(n)}function G(e,t,n){let r=t+n;if(r<0||r>=e.length)return e;let i=[...e];return[i[t],i[r]]=[i[r],i[t]],i}function Ve(e,t){let n=He(e),r=n?t[n]:null;return r==null||r===``?t.documentId:String(r)}var He=e=>e.view&&e.view.mainField||Ye(e);function Ue(e,t){let n=He(e),r=t&&n&&n!==`id`&&n!==`documentId`?t[n]:null;return r==null?``:String(r)}function We(e,t){let n=[`${e}:`];return t.mainField&&n.push(`  mainField: ${t.mainField}`),t.columns&&t.columns.length&&n.push(`  columns: [${t.columns.join(`, `)}]`),t.pageSize&&n.push(`  pageSize: ${t.pageSize}`),t.sort&&n.push(`  sort: ${t.sort}`),`${n.join(`
`)}\n`}function Ge(e,t){let n=new Set(t);return e.filter(e=>e.schema.visible&&e.schema.kind===`singleType`&&n.has(`${e.apiID}.find`)).sort((e,t)=>e.schema.displayName.localeCompare(t.schema.displayName))}var Ke=new Set([`string`,`text`,`email`,`uid`,`integer`,`biginteger`,`decimal`,`float`,`boolean`,`date`,`time`,`datetime`,`enumeration`]);function qe(e,t=5){return Object.entries(e.schema.attributes).filter(([,e])=>Ke.has(e.type)&&!e.private).slice(0,t).map(([e,t])=>({name:e,type:t.type}))}var Je=[`string`,`text`,`email`,`uid`];function Ye(e){let t=e.view&&e.view.mainField,n=t&&e.schema.attributes[t];if(n&&Je.includes(n.type))return t;let r=Object.entries(e.schema.attributes).find(([,e])=>Je.includes(e.type)&&!e.private);return r?r[0]:``}var Xe=[[`images`,`Images`,[`filters[mime][$startsWith]=image/`]],[`videos`,`Videos`,[`filters[mime][$startsWith]=video/`]],[`audios`,`Audio`,[`filters[mime][$startsWith]=audio/`]],[`files`,`Other files`,[`image/`,`video/`,`audio/`].map((e,t)=>`filters[$and][${t}][mime][$notContainsi]=${e}`)]];function Ze({start:e=0,limit:t=50,search:n=``,kind:r=``}={}){let i=[`start=${e}`,`limit=${t}`,`sort=createdAt:desc`];n&&i.push(`filters[name][$containsi]=${encodeURIComponent(n)}`);let a=Xe.find(([e])=>e===r);return a&&i.push(...a[2]),i.join(`&`)}function K(e){return!e.mime||!e.mime.startsWith(`image/`)?``:e.formats&&e.formats.thumbnail&&e.formats.thumbnail.url||e.url}function Qe(e){return e>=1024?`${(e/1024).toFixed(1)} MB`:`${Math.round(e)} KB`}var $e=[`entry.create`,`entry.update`,`entry.delete`,`entry.publish`,`media.create`,`media.update`,`media.delete`];function et(e,t){let n=[...e];for(let e of t.split(`,`).map(e=>e.trim()).filter(Boolean))n.includes(e)||n.push(e);return n}var tt=864e5,nt=[[`Unlimited`,null],[`7 days`,7*tt],[`30 days`,30*tt],[`90 days`,90*tt]];function rt(e){return e?`${e.slice(0,10)} ${e.slice(11,16)} UTC`:`—`}function it(e){if(e==null)return``;if(typeof e==`boolean`)return e?`Yes`:`No`;let t=String(e);return t.length>80?`${t.slice(0,79)}…`:t}function at({base:e=``,token:t=()=>``,onExpired:n=()=>{},fetch:r=globalThis.fetch}={}){async function i(i,a,o){let s={Accept:`application/json`},c=t();c&&(s.Authorization=`Bearer ${c}`),o!==void 0&&(s[`Content-Type`]=`application/json`);let l=await r(e+a,{method:i,headers:s,body:o===void 0?void 0:JSON.stringify(o)}),u=null;try{u=await l.json()}catch{u=null}if(!l.ok){let e=Ne(l.status,u);throw l.status===401&&c&&n(e),e}return u}async function a(i,a){let o={Accept:`application/json`},s=t();s&&(o.Authorization=`Bearer ${s}`);let c=await r(e+i,{method:`POST`,headers:o,body:a}),l=null;try{l=await c.json()}catch{l=null}if(!c.ok){let e=Ne(c.status,l);throw c.status===401&&s&&n(e),e}return l}return{signIn:(e,t)=>i(`POST`,`/api/auth/local`,{identifier:e,password:t}),permissions:()=>i(`GET`,`/api/users/me/permissions`),contentTypes:()=>i(`GET`,`/api/content-type-builder/content-types`),components:()=>i(`GET`,`/api/content-type-builder/components`),list:(e,t)=>i(`GET`,`/api/${e}?${Pe(t)}`),entry:(e,t,n=``,r=[],a=``)=>i(`GET`,`/api/${e}/${encodeURIComponent(t)}${W(n,a,r)}`),locales:()=>i(`GET`,`/api/i18n/locales`),pick:(e,t,n)=>i(`GET`,`/api/${e}?pagination[pageSize]=10`+(t&&n?`&filters[${encodeURIComponent(t)}][$containsi]=${encodeURIComponent(n)}`:``)),create:(e,t,n=``,r=``)=>i(`POST`,`/api/${e}${Ie(n,r)}`,{data:t}),update:(e,t,n,r=``,a=``,o=[])=>i(`PUT`,`/api/${e}/${encodeURIComponent(t)}${W(r,a,o)}`,{data:n}),files:(e={})=>i(`GET`,`/api/upload/files?${Ze(e)}`),describeFile:(e,t)=>{let n=new FormData;return n.append(`fileInfo`,JSON.stringify(t)),a(`/api/upload?id=${e}`,n)},deleteFile:e=>i(`DELETE`,`/api/upload/files/${e}`),upload:(r,i=()=>{})=>new Promise((a,o)=>{let s=new XMLHttpRequest;s.open(`POST`,`${e}/api/upload`);let c=t();c&&s.setRequestHeader(`Authorization`,`Bearer ${c}`),s.upload.onprogress=e=>e.lengthComputable&&i(e.loaded/e.total),s.onload=()=>{let e=null;try{e=JSON.parse(s.responseText)}catch{e=null}if(s.status>=200&&s.status<300){i(1),a(e);return}let t=Ne(s.status,e);s.status===401&&c&&n(t),o(t)},s.onerror=()=>o(new U(0,`NetworkError`,`The upload did not reach the server.`));let l=new FormData;l.append(`files`,r,r.name),s.send(l)}),webhooks:()=>i(`GET`,`/api/admin/webhooks`),createWebhook:e=>i(`POST`,`/api/admin/webhooks`,{data:e}),updateWebhook:(e,t)=>i(`PUT`,`/api/admin/webhooks/${e}`,{data:t}),deleteWebhook:e=>i(`DELETE`,`/api/admin/webhooks/${e}`),deliveries:e=>i(`GET`,`/api/admin/webhooks/${e}/deliveries?pagination[pageSize]=20`),redeliver:(e,t)=>i(`POST`,`/api/admin/webhooks/${e}/deliveries/${t}/redeliver`),tokens:()=>i(`GET`,`/api/admin/api-tokens`),createToken:e=>i(`POST`,`/api/admin/api-tokens`,e),revokeToken:e=>i(`DELETE`,`/api/admin/api-tokens/${e}`),single:async(e,t=``,n=[],r=``)=>{try{return(await i(`GET`,`/api/${e}${W(t,r,n)}`)).data}catch(e){if(e.status===404)return null;throw e}},saveSingle:(e,t,n=``,r=``,a=[])=>i(`PUT`,`/api/${e}${W(n,r,a)}`,{data:t}),removeSingle:(e,t=``)=>i(`DELETE`,`/api/${e}${Ie(``,t)}`),published:async(e,t,n=``)=>{if(!t.length)return new Set;let{data:r}=await i(`GET`,`/api/${e}?${Fe(t)}${n?`&locale=${encodeURIComponent(n)}`:``}`);return new Set(r.map(e=>e.documentId))},remove:(e,t,n=``)=>i(`DELETE`,`/api/${e}/${encodeURIComponent(t)}${Ie(``,n)}`),settings:()=>i(`GET`,`/admin/settings.json`),plugins:()=>i(`GET`,`/admin/plugins.json`),views:()=>i(`GET`,`/api/content-manager/views`),saveView:(e,t)=>i(`PUT`,`/api/content-manager/views/${encodeURIComponent(e)}`,{data:t}),request:(e,t,n)=>i(e,t,n)}}var ot={string:`text`,uid:`text`,email:`email`,password:`password`,text:`textarea`,richtext:`textarea`,integer:`number`,biginteger:`text`,decimal:`number`,float:`number`,boolean:`checkbox`,date:`date`,time:`time`,datetime:`datetime-local`,enumeration:`select`,json:`json`},st=e=>ot[e];function ct(e,t){if(t==null)return e.input!==`checkbox`&&``;switch(e.input){case`checkbox`:return!!t;case`json`:return JSON.stringify(t,null,2);case`time`:return String(t).slice(0,8);case`datetime-local`:return String(t).slice(0,16);case`password`:return``;default:return String(t)}}function lt(e,t){if(e.input===`checkbox`)return{value:!!t};if(t===``||t==null)return{value:e.input===`password`?void 0:null};switch(e.type){case`integer`:{let n=Number(t);return Number.isInteger(n)?{value:n}:{error:`${e.name} must be a whole number`}}case`decimal`:case`float`:{let n=Number(t);return Number.isFinite(n)?{value:n}:{error:`${e.name} must be a number`}}case`biginteger`:return/^-?\d+$/.test(String(t).trim())?{value:String(t).trim()}:{error:`${e.name} must be a whole number`};case`json`:try{return{value:JSON.parse(t)}}catch{return{error:`${e.name} must be JSON`}}case`datetime`:return{value:`${t}:00.000Z`};default:return{value:t}}}function ut(e,t){let n={},r=[];for(let i of e.details&&e.details.errors||[]){let e=t(Array.isArray(i.path)?i.path.map(String):[]);e?n[e]=n[e]?`${n[e]} ${i.message}`:i.message:r.push(i.message)}return{byField:n,other:Object.keys(n).length||r.length?r:[e.message]}}var dt=e=>ut(e,e=>e[0]||``),ft=null;function pt(e){ft=e}function mt(){let[e,t]=z(window.location.hash);return B(()=>{let e=e=>{ft&&!ft()?history.replaceState(null,``,e.oldURL):t(window.location.hash)};return window.addEventListener(`hashchange`,e),()=>window.removeEventListener(`hashchange`,e)},[]),e.replace(/^#/,``)}var ht={$eq:`is`,$ne:`is not`,$containsi:`contains`,$notContainsi:`does not contain`,$startsWith:`starts with`,$endsWith:`ends with`,$gt:`is greater than`,$gte:`is greater than or equal to`,$lt:`is lower than`,$lte:`is lower than or equal to`,$null:`is null`,$notNull:`is not null`},q=[`$eq`,`$ne`,`$containsi`,`$notContainsi`,`$startsWith`,`$endsWith`,`$null`,`$notNull`],J=[`$eq`,`$ne`,`$gt`,`$gte`,`$lt`,`$lte`,`$null`,`$notNull`],gt={string:q,text:q,richtext:q,email:q,uid:q,integer:J,biginteger:J,decimal:J,float:J,date:J,time:J,datetime:J,boolean:[`$eq`],enumeration:[`$eq`,`$ne`]},_t=e=>e===`$null`||e===`$notNull`;function vt(e){return Object.entries(e.schema.attributes).filter(([,e])=>gt[e.type]&&!e.private).map(([e,t])=>({name:e,kind:t.type,options:t.enum||[]}))}function yt(e){switch(e.kind){case`integer`:return{type:`number`,step:`1`};case`decimal`:case`float`:return{type:`number`,step:`any`};case`date`:return{type:`date`};case`time`:return{type:`time`};case`datetime`:return{type:`datetime-local`};case`boolean`:return{type:`select`,options:[`true`,`false`]};case`enumeration`:return{type:`select`,options:e.options};default:return{type:`text`}}}function bt(e){let t=yt(e);return{field:e.name,kind:e.kind,operator:gt[e.kind][0],value:t.options?t.options[0]??``:``}}function xt(e){return _t(e.operator)||String(e.value).trim()!==``?``:`Enter a value for ${e.field}`}function St(e){if(_t(e.operator))return`true`;let t=String(e.value).trim();return e.kind===`datetime`&&/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(t)?`${t}:00.000Z`:t}function Ct(e){return e.map((e,t)=>`filters[$and][${t}][${encodeURIComponent(e.field)}][${e.operator}]=${encodeURIComponent(St(e))}`)}function wt(e){let t=[e.field,ht[e.operator]],n=String(e.value).trim();return _t(e.operator)||t.push(e.kind===`datetime`?`${n} UTC`:n),t.join(` `)}function Tt({fields:e,filters:t,onChange:n}){let[r,i]=z(!1),[a,o]=z(()=>e[0]?bt(e[0]):null),[s,c]=z(``),l=Se(null);if(!a)return null;let u=e.find(e=>e.name===a.field),d=yt(u),f=()=>l.current&&l.current.focus(),p=e=>{e.preventDefault();let r=xt(a);r?c(r):(n([...t,a]),o(bt(u)),c(``),i(!1),f())},m=e=>{n(t.filter((t,n)=>n!==e)),f()},h=e=>{o({...a,...e}),c(``)};return H`<div class="filters">
    <button type="button" class="secondary" ref=${l} aria-expanded=${r} aria-controls="filter-form"
      onClick=${()=>i(!r)}>Filters${t.length?` (${t.length})`:``}</button>
    ${r&&H`<form id="filter-form" class="filter-form" aria-label="Add a filter" onSubmit=${p}
      onKeyDown=${e=>{e.key===`Escape`&&(i(!1),f())}}>
      <div><label for="filter-field">Field</label>
        <select id="filter-field" value=${a.field}
          onChange=${t=>{o(bt(e.find(e=>e.name===t.target.value))),c(``)}}>
          ${e.map(e=>H`<option value=${e.name}>${e.name}</option>`)}</select></div>
      <div><label for="filter-operator">Operator</label>
        <select id="filter-operator" value=${a.operator} onChange=${e=>h({operator:e.target.value})}>
          ${gt[u.kind].map(e=>H`<option value=${e}>${ht[e]}</option>`)}</select></div>
      ${!_t(a.operator)&&H`<div><label for="filter-value">Value</label>
        ${d.type===`select`?H`<select id="filter-value" value=${a.value} onChange=${e=>h({value:e.target.value})}>
              ${d.options.map(e=>H`<option value=${e}>${e}</option>`)}</select>`:H`<input id="filter-value" type=${d.type} step=${d.step} value=${a.value}
              aria-invalid=${s?`true`:void 0} aria-describedby=${s?`filter-problem`:void 0}
              onInput=${e=>h({value:e.target.value})} />`}</div>`}
      <button type="submit">Add filter</button>
      ${s&&H`<p id="filter-problem" class="field-error" role="alert">${s}</p>`}
    </form>`}
    ${t.length>0&&H`<ul class="chips" aria-label="Active filters">
      ${t.map((e,t)=>H`<li key=${`${t}:${wt(e)}`}>
        <button type="button" class="chip secondary" onClick=${()=>m(t)}>
          <span class="visually-hidden">Remove filter </span>${wt(e)} <span aria-hidden="true">✕</span></button></li>`)}
    </ul>`}
  </div>`}function Et({id:e,locales:t,value:n,onChange:r}){return H`<div class="locale"><label for=${e}>Locale</label>
    <select id=${e} value=${n} onChange=${e=>r(e.target.value)}>
      ${t.map(e=>H`<option value=${e.code}>${e.name}</option>`)}</select></div>`}var Dt=e=>(e.find(e=>e.isDefault)||e[0]||{code:``}).code;function Ot({api:e,type:t,can:n,locales:r=[]}){let i=Le(t)&&r.length>0,[a,o]=z(i?Dt(r):``),s=t.view||{},c=qe(t,1/0),[l,u]=z(s.columns||qe(t).map(e=>e.name)),d=l.map(e=>c.find(t=>t.name===e)).filter(Boolean),f=s.pageSize||25,p=Ye(t),[m,h]=z(``),[g,_]=z([]),[v,y]=z(``),[b,x]=z(1),[S,C]=z(s.sort||``),[w,T]=z(null),[E,D]=z(``),O=t.schema.draftAndPublish,[k,A]=z(new Set);B(()=>{D(``);let n=!0;return e.list(t.schema.pluralName,{page:b,sort:S,pageSize:f,status:O?`draft`:``,search:m,searchField:p,locale:a,filters:Ct(g)}).then(async r=>{let i=O?await e.published(t.schema.pluralName,r.data.map(e=>e.documentId),a):null;n&&(i&&A(i),T(r))}).catch(e=>{n&&(D(e.message),T(null))}),()=>{n=!1}},[b,S,m,a,g]);let j=w&&w.meta.pagination,M=e=>S===`${e}:asc`?`ascending`:S===`${e}:desc`?`descending`:void 0,N=e=>`#/content/${t.apiID}/${e.documentId}${a?`?locale=${a}`:``}`;return H`<h1>${t.schema.displayName}</h1>
    <p class="actions">${n(`${t.apiID}.create`)&&H`<a class="button" href=${`#/content/${t.apiID}/new`}>Create new entry</a>`}
      ${n(`contentManager.configureView`)&&H`<a class="button secondary" href=${`#/configure/${t.apiID}`}>Configure the view</a>`}</p>
    <div class="tools">
      ${i&&H`<${Et} id="list-locale" locales=${r} value=${a} onChange=${e=>{o(e),x(1)}} />`}
      ${p&&H`<form role="search" onSubmit=${e=>{e.preventDefault(),h(v),x(1)}}>
        <label for="search">Search</label>
        <input id="search" type="search" value=${v} onInput=${e=>y(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>`}
      <details>
        <summary>Columns</summary>
        <fieldset><legend>Columns to show</legend>
          ${c.map(e=>H`<label><input type="checkbox" checked=${l.includes(e.name)}
            onChange=${t=>u(t.target.checked?[...l,e.name]:l.filter(t=>t!==e.name))} /> ${e.name}</label>`)}
        </fieldset>
      </details>
      <${Tt} fields=${vt(t)} filters=${g} onChange=${e=>{_(e),x(1)}} />
    </div>
    ${E&&H`<p class="error" role="alert">${E}</p>`}
    ${w&&H`<div class="table-wrap"><table>
      <caption>${j.total} entries</caption>
      <thead><tr><th scope="col">id</th>${d.map(e=>H`<th scope="col" aria-sort=${M(e.name)}>
        <button type="button" onClick=${()=>{C(Re(S,e.name)),x(1)}}>${e.name}</button></th>`)}
        ${O&&H`<th scope="col">Status</th>`}</tr></thead>
      <tbody>${w.data.map(e=>H`<tr key=${e.documentId}><td><a href=${N(e)} aria-label=${`Edit entry ${e.id}`}>${e.id}</a></td>${d.map(t=>H`<td>${it(e[t.name])}</td>`)}${O&&H`<td>${k.has(e.documentId)?`Published`:`Draft`}</td>`}</tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${b<=1} onClick=${()=>x(b-1)}>Previous</button>
      <span>Page ${j.page} of ${Math.max(j.pageCount,1)}</span>
      <button type="button" class="secondary" disabled=${b>=j.pageCount} onClick=${()=>x(b+1)}>Next</button>
    </div>`}`}var Y=[[`bold`,`**`,`**`],[`italic`,`_`,`_`],[`underline`,`<u>`,`</u>`],[`strikethrough`,`~~`,`~~`],[`code`,"`","`"]],kt=/[\\*_~`[\]<]/g,At=e=>e.replace(kt,e=>`\\${e}`),jt=e=>e.replace(/[\\)]/g,e=>`\\${e}`);function Mt(e){let t=``,n=new Set,r=e=>{for(let[r,i,a]of[...Y].reverse())n.has(r)&&!e.has(r)&&(t+=a);for(let[r,i]of Y)!n.has(r)&&e.has(r)&&(t+=i);n=e},i=e=>{r(new Set(Y.map(([e])=>e).filter(t=>e[t]))),t+=At(String(e.text??``))};for(let n of e||[])if(n.type===`link`){r(new Set),t+=`[`;for(let e of n.children||[])i(e);r(new Set),t+=`](${jt(String(n.url??``))})`}else i(n);return r(new Set),t}function Nt(e){let t=[],n={},r=null,i=e=>{let i=r?r.children:t,a=i[i.length-1];if(a&&a.type===`text`&&Y.every(([e])=>!!a[e]==!!n[e]))a.text+=e;else{let t={type:`text`,text:e};for(let[e]of Y)n[e]&&(t[e]=!0);i.push(t)}},a=0;outer:for(;a<e.length;){let o=e[a];if(o===`\\`&&a+1<e.length)i(e[a+1]),a+=2;else{for(let[t,r,i]of Y){let o=n[t]?i:r;if(e.startsWith(o,a)){n={...n,[t]:!n[t]},a+=o.length;continue outer}}if(o===`[`&&!r)r={type:`link`,url:``,children:[]},a++;else if(o===`]`&&r&&e[a+1]===`(`){let n=a+2,i=``;for(;n<e.length&&e[n]!==`)`;)e[n]===`\\`&&n+1<e.length&&n++,i+=e[n],n++;r.url=i,r.children.length||r.children.push({type:`text`,text:``}),t.push(r),r=null,a=n+1}else i(o),a++}}return r&&t.push({type:`text`,text:`[`},...r.children),t.length||t.push({type:`text`,text:``}),Pt(t)}function Pt(e){let t=[];for(let n of e){let e=t[t.length-1];n.type===`text`&&e&&e.type===`text`&&Y.every(([t])=>!!e[t]==!!n[t])?e.text+=n.text:t.push(n)}return t}function Ft(e,t){let n=[];for(let r of e.children||[])if(r.type===`list`)n.push(...Ft(r,t+1));else{let i=e.format===`ordered`?`1. `:`- `;n.push(`  `.repeat(t)+i+Mt(r.children).replace(/\n/g,`\\
`).replace(/^(\s)/,`\\$1`))}return n}function It(e){let t=[];for(let n of e.split(`
`)){let e=t.length-1;e>=0&&/(^|[^\\])(\\\\)*\\$/.test(t[e])?t[e]+=`\n${n}`:t.push(n)}let n=t.filter(e=>e.trim()!==``).map(e=>{let t=/^( *)(- |\d+\. )?([\s\S]*)$/.exec(e);return{depth:Math.floor(t[1].length/2),format:t[2]&&t[2]!==`- `?`ordered`:`unordered`,text:t[3]}}),r={type:`list`,format:n.length?n[0].format:`unordered`,children:[]},i=[r];for(let e of n){for(;i.length-1>e.depth;)i.pop();for(;i.length-1<e.depth;){let t=i[i.length-1],n={type:`list`,format:e.format,indentLevel:i.length,children:[]};t.children.push(n),i.push(n)}i[i.length-1].children.push({type:`list-item`,children:Nt(e.text)})}return r.children.length||r.children.push({type:`list-item`,children:[{type:`text`,text:``}]}),r}var Lt=[[`paragraph`,`Paragraph`],[`heading-1`,`Heading 1`],[`heading-2`,`Heading 2`],[`heading-3`,`Heading 3`],[`heading-4`,`Heading 4`],[`heading-5`,`Heading 5`],[`heading-6`,`Heading 6`],[`quote`,`Quote`],[`code`,`Code`],[`list`,`List`],[`image`,`Image`]];function Rt(e){return(Array.isArray(e)?e:[]).map(e=>{switch(e&&e.type){case`paragraph`:return{kind:`paragraph`,text:Mt(e.children)};case`heading`:return{kind:`heading-${e.level||1}`,text:Mt(e.children)};case`quote`:return{kind:`quote`,text:Mt(e.children)};case`code`:return{kind:`code`,text:(e.children||[]).map(e=>e.text??``).join(``),language:e.language||``};case`list`:return{kind:`list`,text:Ft(e,0).join(`
`)};case`image`:return{kind:`image`,text:``,image:e.image||null};default:return{kind:`other`,text:``,node:e}}})}function zt(e){return e.map(e=>{if(e.kind===`other`)return e.node;if(e.kind.startsWith(`heading-`))return{type:`heading`,level:Number(e.kind.slice(8)),children:Nt(e.text)};switch(e.kind){case`quote`:return{type:`quote`,children:Nt(e.text)};case`code`:{let t={type:`code`,children:[{type:`text`,text:e.text}]};return e.language&&(t.language=e.language),t}case`list`:return It(e.text);case`image`:return{type:`image`,image:e.image,children:[{type:`text`,text:``}]};default:return{type:`paragraph`,children:Nt(e.text)}}})}function Bt(e,t){let n=t.findIndex(e=>e.kind===`image`&&!e.image);return n>=0?`${e} block ${n+1} is an image without a file`:``}function Vt(e,t){let n=new Set(t.actions||[]),r=new Map((t.components||[]).map(e=>[e.uid,e])),i=[];for(let[a,o]of Object.entries(e||{})){let e=st(o.type);if(e)i.push({name:a,kind:`input`,type:o.type,input:e,required:!!o.required,options:o.enum||[],writeOnly:o.type===`password`||!!o.private,targetField:o.type===`uid`&&o.targetField||``});else if(o.type===`relation`){let e=(t.types||[]).find(e=>e.uid===o.target),r=/ToMany$/.test(o.relation||``);e&&!o.private&&n.has(`${e.apiID}.find`)?i.push({name:a,kind:`relation`,target:e,many:r}):o.private||i.push({name:a,kind:`fixed`,why:`a relation to ${e?e.schema.displayName:o.target}, which you may not list`})}else if(o.type===`media`)i.push({name:a,kind:`media`,many:!!o.multiple,allowedTypes:o.allowedTypes||null});else if(o.type===`component`||o.type===`dynamiczone`){let e=o.type===`dynamiczone`,n=(e?o.components||[]:[o.component]).map(e=>r.get(e)).filter(Boolean);i.push({name:a,kind:`component`,zone:e,repeatable:e||!!o.repeatable,required:!!o.required,allowed:n.map(e=>({uid:e.uid,displayName:e.schema.displayName,fields:Vt(e.schema.attributes,t)}))})}else o.type===`blocks`?i.push({name:a,kind:`blocks`,required:!!o.required}):o.private||i.push({name:a,kind:`fixed`,why:`a ${o.type} field, which the panel does not edit`})}return i}function Ht(e,t=`populate`){let n=[];for(let r of e){let e=`${t}[${r.name}]`;if(r.kind===`relation`||r.kind===`media`)n.push(`${e}=true`);else if(r.kind===`component`&&!r.zone){let t=r.allowed[0]?Ht(r.allowed[0].fields,`${e}[populate]`):[];n.push(...t.length?t:[`${e}=true`])}else if(r.kind===`component`)for(let t of r.allowed){let r=`${e}[on][${t.uid}]`,i=Ht(t.fields,`${r}[populate]`);n.push(...i.length?i:[`${r}=true`])}}return n}function Ut(e,t){let n={};for(let r of e){let e=t?t[r.name]:null,i=Array.isArray(e)?e:e?[e]:[];switch(r.kind){case`input`:n[r.name]=r.writeOnly?``:ct(r,e);break;case`relation`:n[r.name]=i.map(e=>({documentId:e.documentId,label:Ve(r.target,e)}));break;case`media`:n[r.name]=i;break;case`component`:n[r.name]=i.map(e=>Wt(r,e.__component,e));break;case`blocks`:n[r.name]={items:Rt(e),changed:!1}}}return n}function Wt(e,t,n){let r=Gt(e,t);return{id:n?n.id:void 0,__component:r?r.uid:t,...Ut(r?r.fields:[],n)}}function Gt(e,t){return e.allowed.find(e=>e.uid===t)||e.allowed[0]}function Kt(e,t,n=[]){let r={},i={};for(let a of e){let e=[...n,a.name].join(`.`),o=t[a.name];switch(a.kind){case`input`:{if(a.writeOnly&&!o)break;let{value:t,error:n}=lt(a,o);n?i[e]=n:t!==void 0&&(r[a.name]=t);break}case`relation`:r[a.name]=a.many?{set:(o||[]).map(e=>e.documentId)}:o&&o[0]?o[0].documentId:null;break;case`media`:{let e=(o||[]).map(e=>e.id);r[a.name]=a.many?e:e[0]??null;break}case`component`:{let e=(o||[]).map((e,t)=>{let r=Gt(a,e.__component),o=Kt(r?r.fields:[],e,[...n,a.name,...a.repeatable?[String(t)]:[]]);Object.assign(i,o.errors);let s={...o.data};return e.id!==void 0&&(s.id=e.id),a.zone&&(s.__component=e.__component),s});r[a.name]=a.repeatable?e:e[0]||null;break}case`blocks`:{if(!o||!o.changed)break;let t=Bt(a.name,o.items);t?i[e]=t:r[a.name]=o.items.length?zt(o.items):null;break}}}return{data:r,errors:i}}function qt(e,t,n=[]){let r=[];for(let i of e){let e=[...n,i.name];r.push(e.join(`.`)),i.kind===`component`&&(t[i.name]||[]).forEach((t,n)=>{let a=Gt(i,t.__component);r.push(...qt(a?a.fields:[],t,[...e,...i.repeatable?[String(n)]:[]]))})}return r}function Jt(e,t){let n=new Set(t);return ut(e,e=>{for(let t=e.length;t>0;t--)if(n.has(e.slice(0,t).join(`.`)))return e.slice(0,t).join(`.`);return``})}function Yt(e){return String(e||``).normalize(`NFD`).replace(/[\u0300-\u036f]/g,``).toLowerCase().replace(/[^a-z0-9]+/g,`-`).replace(/^-+|-+$/g,``).slice(0,200).replace(/-+$/,``)}var Xt=e=>`field-${e.join(`-`)}`;function Zt({api:e,fields:t,value:n,onChange:r,path:i=[],disabled:a,errors:o,can:s}){let c=(e,t)=>r({...n,[e]:t});return t.map(t=>{let r=[...i,t.name],l=o[r.join(`.`)],u={key:t.name,api:e,field:t,path:r,disabled:a,error:l,can:s,onChange:e=>c(t.name,e)};switch(t.kind){case`input`:return H`<${Qt} ...${u} value=${n[t.name]}
        derived=${t.targetField?Yt(n[t.targetField]):``} />`;case`relation`:return H`<${rn} ...${u} chosen=${n[t.name]||[]} />`;case`media`:return H`<${nn} ...${u} chosen=${n[t.name]||[]}
        canUpload=${s(`upload.upload`)} canBrowse=${s(`upload.find`)} />`;case`component`:return H`<${$t} ...${u} items=${n[t.name]||[]} errors=${o} />`;case`blocks`:return H`<${tn} ...${u} value=${n[t.name]||{items:[],changed:!1}}
        canBrowse=${s(`upload.find`)} />`;default:return H`<p class="muted field" key=${t.name}><strong>${t.name}</strong>: ${t.why}; a save leaves it as it is.</p>`}})}function Qt({field:e,path:t,value:n,derived:r,disabled:i,error:a,onChange:o}){let s=Xt(t),c={id:s,name:t.join(`.`),disabled:i,"aria-invalid":a?`true`:void 0,"aria-describedby":a?`${s}-error`:void 0},l;if(e.input===`checkbox`)l=H`<input ...${c} type="checkbox" checked=${n} onChange=${e=>o(e.target.checked)} />`;else if(e.input===`select`)l=H`<select ...${c} value=${n} onChange=${e=>o(e.target.value)}>
      <option value="">—</option>${e.options.map(e=>H`<option value=${e}>${e}</option>`)}</select>`;else if(e.input===`textarea`||e.input===`json`)l=H`<textarea ...${c} rows=${e.input===`json`?6:4} value=${n} onInput=${e=>o(e.target.value)} />`;else{let t=e.type===`decimal`||e.type===`float`?`any`:e.type===`time`?`1`:void 0;l=H`<input ...${c} type=${e.writeOnly?`password`:e.input} step=${t} value=${n}
      placeholder=${e.writeOnly&&e.input!==`password`?`Not shown: what you type replaces it`:r||void 0}
      autocomplete=${e.writeOnly?`new-password`:`off`} onInput=${e=>o(e.target.value)} />`}return H`<div class="field">
    <label for=${s}>${e.name}${e.required?` *`:``}</label>${l}
    ${a&&H`<p class="field-error" id=${`${s}-error`}>${a}</p>`}
  </div>`}function $t({api:e,field:t,path:n,items:r,disabled:i,error:a,errors:o,can:s,onChange:c}){let[l,u]=z(t.allowed[0]?t.allowed[0].uid:``),d=Xt(n),f=n[n.length-1];return H`<fieldset class="field relation" aria-describedby=${a?`${d}-error`:void 0}>
    <legend>${f}</legend>
    ${r.length===0&&H`<p class="muted">None</p>`}
    ${r.map((a,l)=>{let u=Gt(t,a.__component),d=`${f} ${l+1}${t.zone?` (${u?u.displayName:a.__component})`:``}`,p=t.repeatable?[...n,String(l)]:n;return H`<fieldset class="part" key=${a.id===void 0?`new-${l}`:a.id}><legend>${d}</legend>
        <${Zt} api=${e} fields=${u?u.fields:[]} value=${a} path=${p} disabled=${i} errors=${o} can=${s}
          onChange=${e=>c(r.map((t,n)=>n===l?e:t))} />
        ${!i&&H`<div class="actions">
          ${t.repeatable&&H`<button type="button" class="secondary" aria-label=${`Move ${d} up`} disabled=${l===0}
            onClick=${()=>c(G(r,l,-1))}>↑</button>
            <button type="button" class="secondary" aria-label=${`Move ${d} down`} disabled=${l===r.length-1}
            onClick=${()=>c(G(r,l,1))}>↓</button>`}
          <button type="button" class="secondary" aria-label=${`Remove ${d}`} onClick=${()=>c(r.filter((e,t)=>t!==l))}>Remove</button>
        </div>`}
      </fieldset>`})}
    ${!i&&(t.repeatable||r.length===0)&&H`<div class="picker">
      ${t.zone&&H`<label for=${`${d}-kind`}>Block to add</label>
        <select id=${`${d}-kind`} value=${l} onChange=${e=>u(e.target.value)}>
          ${t.allowed.map(e=>H`<option value=${e.uid}>${e.displayName}</option>`)}</select>`}
      <button type="button" class="secondary" onClick=${()=>{let e=Wt(t,l,null);c(t.repeatable?[...r,e]:[e])}}>${t.repeatable?`Add to ${f}`:`Add ${f}`}</button>
    </div>`}
    ${a&&H`<p class="field-error" id=${`${d}-error`}>${a}</p>`}
  </fieldset>`}var en=`Marks: **bold**, _italic_, <u>underline</u>, ~~strikethrough~~, \`code\`, [a link](https://…); a backslash keeps a mark's character as it is. A list's lines are its items ("- " or "1. "), two spaces more per level; a backslash at a line's end goes on with the same item on the next line.`;function tn({api:e,field:t,path:n,value:r,disabled:i,error:a,canBrowse:o,onChange:s}){let[c,l]=z(null),u=Xt(n),d=n[n.length-1],f=r.items,p=e=>s({items:e,changed:!0}),m=(e,t)=>p(f.map((n,r)=>r===e?{...n,...t}:n)),h=async t=>{let n=await e.files({limit:50});l({block:t,list:n.filter(e=>e.mime&&e.mime.startsWith(`image/`))})};return H`<fieldset class="field relation" aria-describedby=${`${u}-help${a?` ${u}-error`:``}`}>
    <legend>${d}</legend>
    <p class="muted" id=${`${u}-help`}>${en}</p>
    ${f.length===0&&H`<p class="muted">No block</p>`}
    ${f.map((e,t)=>{let n=`${d} block ${t+1}`,r=`${u}-${t}`;return H`<fieldset class="part" key=${t}><legend>${n}</legend>
        ${e.kind===`other`?H`<p class="muted">A ${e.node&&e.node.type} block, which the panel does not edit; kept as it is.</p>`:H`
        <div class="field"><label for=${`${r}-kind`}>Kind</label>
          <select id=${`${r}-kind`} disabled=${i} value=${e.kind} onChange=${e=>m(t,{kind:e.target.value})}>
            ${Lt.map(([e,t])=>H`<option value=${e}>${t}</option>`)}</select></div>
        ${e.kind===`image`?H`<div class="field">
            ${e.image?H`<p>${K(e.image)&&H`<img src=${K(e.image)} alt="" width="48" height="36" class="thumb" />`} ${e.image.name}</p>`:H`<p class="muted">No image chosen</p>`}
            ${!i&&o&&H`<button type="button" class="secondary" onClick=${()=>h(t)}>Choose an image for ${n}</button>`}
            ${c&&c.block===t&&H`<ul class="picker" aria-label=${`Images to pick for ${n}`}>
              ${c.list.length===0?H`<li>No image in the library</li>`:c.list.map(e=>H`<li key=${e.id}>
                <button type="button" class="secondary" aria-label=${`Pick ${e.name}`}
                  onClick=${()=>{m(t,{image:e}),l(null)}}>${e.name}</button></li>`)}</ul>`}
          </div>`:H`<div class="field"><label for=${`${r}-text`}>Text</label>
            <textarea id=${`${r}-text`} disabled=${i} rows=${e.kind===`code`||e.kind===`list`?5:3}
              class=${e.kind===`code`?`code`:void 0} value=${e.text} onInput=${e=>m(t,{text:e.target.value})} /></div>
          ${e.kind===`code`&&H`<div class="field"><label for=${`${r}-language`}>Language</label>
            <input id=${`${r}-language`} disabled=${i} value=${e.language||``} onInput=${e=>m(t,{language:e.target.value})} /></div>`}`}`}
        ${!i&&H`<div class="actions">
          <button type="button" class="secondary" aria-label=${`Move ${n} up`} disabled=${t===0} onClick=${()=>p(G(f,t,-1))}>↑</button>
          <button type="button" class="secondary" aria-label=${`Move ${n} down`} disabled=${t===f.length-1}
            onClick=${()=>p(G(f,t,1))}>↓</button>
          <button type="button" class="secondary" aria-label=${`Remove ${n}`} onClick=${()=>p(f.filter((e,n)=>n!==t))}>Remove</button>
        </div>`}
      </fieldset>`})}
    ${!i&&H`<div class="picker"><button type="button" class="secondary"
      onClick=${()=>p([...f,{kind:`paragraph`,text:``}])}>Add a block to ${d}</button></div>`}
    ${a&&H`<p class="field-error" id=${`${u}-error`}>${a}</p>`}
  </fieldset>`}function nn({api:e,field:t,path:n,chosen:r,disabled:i,canUpload:a,canBrowse:o,error:s,onChange:c}){let[l,u]=z(null),[d,f]=z(``),[p,m]=z(``),h=`media-${n.join(`-`)}`,g=Se(r);g.current=r;let _=e=>c(t.many?[...g.current,e]:[e]);return H`<fieldset class="field relation" aria-describedby=${s?`${h}-error`:void 0}>
    <legend>${t.name}</legend>
    ${r.length===0&&H`<p class="muted">No file</p>`}
    <ol>${r.map((e,n)=>H`<li key=${e.id}>
      ${K(e)?H`<img src=${K(e)} alt="" width="48" height="36" class="thumb" />`:``}<span>${e.name}</span>
      ${!i&&t.many&&H`<button type="button" class="secondary" aria-label=${`Move ${e.name} up`} disabled=${n===0}
        onClick=${()=>c(G(r,n,-1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${e.name} down`} disabled=${n===r.length-1}
        onClick=${()=>c(G(r,n,1))}>↓</button>`}
      ${!i&&H`<button type="button" class="secondary" aria-label=${`Remove ${e.name} from ${t.name}`}
        onClick=${()=>c(r.filter(t=>t!==e))}>Remove</button>`}</li>`)}</ol>
    ${!i&&H`<div class="picker">
      ${o&&H`<button type="button" class="secondary" onClick=${async()=>{let n=await e.files({limit:50});u(n.filter(e=>Be(t,e.mime)&&!r.some(t=>t.id===e.id)))}}>Choose from the library</button>`}
      ${a&&H`<label for=${`${h}-upload`}>Upload to ${t.name}</label>
        <input id=${`${h}-upload`} type="file" multiple=${t.many} onChange=${async n=>{let r=[...n.target.files];n.target.value=``,m(``);for(let n of r)if(!Be(t,n.type||`application/octet-stream`))m(`${t.name} takes ${t.allowedTypes.join(`, `)}, not ${n.name}`);else{f(`Uploading ${n.name}…`);try{let[r]=await e.upload(n);if(_(r),!t.many)break}catch(e){m(e.message)}}f(``)}} />`}
      ${d&&H`<span role="status">${d}</span>`}
      ${l&&H`<ul aria-label=${`Files to pick for ${t.name}`}>${l.length===0?H`<li>No file this field takes</li>`:l.map(e=>H`<li key=${e.id}><button type="button" class="secondary" aria-label=${`Pick ${e.name}`}
          onClick=${()=>{_(e),u(null)}}>${e.name}</button></li>`)}</ul>`}
    </div>`}
    ${p&&H`<p class="field-error">${p}</p>`}
    ${s&&H`<p class="field-error" id=${`${h}-error`}>${s}</p>`}
  </fieldset>`}function rn({api:e,field:t,path:n,chosen:r,disabled:i,error:a,onChange:o}){let[s,c]=z(``),[l,u]=z(null),d=`rel-${n.join(`-`)}`,f=async()=>{let{data:n}=await e.pick(t.target.schema.pluralName,Ye(t.target),s);u(n.filter(e=>!r.some(t=>t.documentId===e.documentId)))},p=e=>{let n={documentId:e.documentId,label:Ve(t.target,e)};o(t.many?[...r,n]:[n]),u(null),c(``)};return H`<fieldset class="field relation" aria-describedby=${a?`${d}-error`:void 0}>
    <legend>${t.name}</legend>
    ${r.length===0&&H`<p class="muted">None</p>`}
    <ol>${r.map((e,n)=>H`<li key=${e.documentId}><span>${e.label}</span>
      ${!i&&t.many&&H`<button type="button" class="secondary" aria-label=${`Move ${e.label} up`} disabled=${n===0}
        onClick=${()=>o(G(r,n,-1))}>↑</button>
        <button type="button" class="secondary" aria-label=${`Move ${e.label} down`} disabled=${n===r.length-1}
        onClick=${()=>o(G(r,n,1))}>↓</button>`}
      ${!i&&H`<button type="button" class="secondary" aria-label=${`Remove ${e.label} from ${t.name}`}
        onClick=${()=>o(r.filter(t=>t!==e))}>Remove</button>`}</li>`)}</ol>
    ${!i&&H`<div class="picker">
      <label for=${`${d}-search`}>${t.many?`Add to ${t.name}`:`Choose ${t.name}`}</label>
      <input id=${`${d}-search`} type="search" value=${s} onInput=${e=>c(e.target.value)}
        onKeyDown=${e=>{e.key===`Enter`&&(e.preventDefault(),f())}} />
      <button type="button" class="secondary" onClick=${f}>Find</button>
      ${l&&H`<ul aria-label=${`Entries to pick for ${t.name}`}>${l.length===0?H`<li>No entry found</li>`:l.map(e=>H`<li key=${e.documentId}><button type="button" class="secondary"
          aria-label=${`Pick ${Ve(t.target,e)}`} onClick=${()=>p(e)}>${Ve(t.target,e)}</button></li>`)}</ul>`}
    </div>`}
    ${a&&H`<p class="field-error" id=${`${d}-error`}>${a}</p>`}
  </fieldset>`}var an=Object.freeze({html:H,h:b,useEffect:B,useMemo:V,useRef:Se,useState:z,RelationPicker:rn}),on=(e,t)=>(e||[]).filter(e=>t(e.action)),sn=(e,t,n)=>on(e,n).filter(e=>e.type===t.uid);function cn(e,t){let[,n,r,i]=t.split(`?`)[0].split(`/`);return n===`plugins`?e.find(e=>e.plugin===r&&e.path===i):void 0}var ln=new Map;function un(e){return ln.has(e)||ln.set(e,import(e)),ln.get(e)}function dn({addition:e,...t}){let[n,r]=z(null),[i,a]=z(``);B(()=>{let t=!0;return un(e.module).then(e=>{if(typeof e.default!=`function`)throw Error(`its module has no default export to draw`);t&&r(()=>e.default)}).catch(e=>t&&a(e.message)),()=>{t=!1}},[e.module]);let o=`${e.label} (plugin ${e.plugin})`;return i?H`<p class="error" role="alert">${o} could not be drawn: ${i}</p>`:n?H`<${fn} name=${o}><${n} ...${t} ui=${an} /><//>`:H`<p class="muted">Loading ${e.label}…</p>`}var fn=class extends C{componentDidCatch(e){this.setState({problem:e.message||String(e)})}render({name:e,children:t},{problem:n}){return n?H`<p class="error" role="alert">${e} could not be drawn: ${n}</p>`:t}},pn=``;function mn({api:e,type:t,documentId:n,can:r,single:i=!1,ctx:a,locales:o=[],initialLocale:s=``}){let c=Le(t)&&o.length>0,[l,u]=z(c?s||Dt(o):``),[d,f]=z(!1),p=V(()=>Vt(t.schema.attributes,a),[t,a]),m=t.schema.pluralName,h=t.schema.singularName,[g,_]=z(!!n),[v,y]=z(null),[b,x]=z(!1),[S,C]=z({byField:{},other:[]}),[w,T]=z(pn&&pn===n?`Saved.`:``),E=r(`${t.apiID}.${n||i?`update`:`create`}`),D=t.schema.draftAndPublish,[O,k]=z(!1),[A,j]=z(``),M=e=>{y(Ut(p,e)),j(Ue(t,e))};B(()=>{f(!1);let t=!0,r=Ht(p);if(!i&&!n)M(null);else return(i?e.single(h,D?`draft`:``,r,l).then(e=>({data:e})):e.entry(m,n,D?`draft`:``,r,l)).then(({data:e})=>{t&&(M(e),i&&(_(!!e),!e&&c&&f(!0)))}).catch(e=>{t&&(c&&e.status===404?(f(!0),M(null)):C({byField:{},other:[e.message]}))}),D&&i?e.single(h,`published`,[],l).then(e=>t&&k(!!e)).catch(()=>{}):D&&e.published(m,[n],l).then(e=>t&&k(e.has(n))).catch(()=>{}),()=>{t=!1}},[l]),B(()=>{if(!b)return;let e=e=>{e.preventDefault(),e.returnValue=``};return pt(()=>window.confirm(`Leave without saving your changes?`)),window.addEventListener(`beforeunload`,e),()=>{pt(null),window.removeEventListener(`beforeunload`,e)}},[b]);let N=e=>{y(e),x(!0),T(``)},P=async(r,a=!D)=>{r.preventDefault();let{data:o,errors:s}=Kt(p,v);if(Object.keys(s).length){C({byField:s,other:[]});return}let c=a?``:`draft`;try{let r=Ht(p),s=i?await e.saveSingle(h,o,c,l,r):n?await e.update(m,n,o,c,l,r):await e.create(m,o,c,l);f(!1),_(!0),C({byField:{},other:[]}),x(!1),a&&D&&k(!0),pt(null),n||i?(T(a&&D?`Published.`:`Saved.`),M(s.data)):(pn=s.data.documentId,window.location.hash=`#/content/${t.apiID}/${pn}${l?`?locale=${l}`:``}`)}catch(e){C(Jt(e,qt(p,v)))}};return H`<h1>${i?t.schema.displayName:n?A||`Edit ${t.schema.displayName}`:`Create ${t.schema.displayName}`}</h1>
    ${!i&&H`<p><a href=${`#/content/${t.apiID}`}>Back to the list</a></p>`}
    ${c&&H`<${Et} id="entry-locale" locales=${o} value=${l} onChange=${e=>{(!b||window.confirm(`Leave without saving your changes?`))&&(x(!1),u(e))}} />`}
    ${d&&H`<p class="muted" role="status">No ${(o.find(e=>e.code===l)||{}).name||l} localization yet: Save makes it.</p>`}
    ${D&&g&&H`<p>Status: <strong>${O?`Published`:`Draft`}</strong></p>`}
    ${S.other.map(e=>H`<p class="error" role="alert">${e}</p>`)}
    ${w&&H`<p class="saved" role="status">${w}</p>`}
    ${v&&H`<form onSubmit=${P} class="editor">
      <${Zt} api=${e} fields=${p} value=${v} disabled=${!E} errors=${S.byField} can=${r} onChange=${N} />
      <div class="actions">
        ${E&&H`<button type="submit">Save</button>`}
        ${E&&D&&H`<button type="button" onClick=${e=>P(e,!0)}>Publish</button>`}
        ${g&&r(`${t.apiID}.delete`)&&H`<button type="button" class="danger" onClick=${async()=>{if(window.confirm(`Delete this entry?`))try{if(i?await e.removeSingle(h,l):await e.remove(m,n,l),x(!1),pt(null),i){_(!1),k(!1),M(null),T(`Deleted.`);return}window.location.hash=`#/content/${t.apiID}`}catch(e){C(Jt(e,qt(p,v)))}}}>Delete</button>`}
      </div>
    </form>`}
    ${g&&n&&sn(a.sections,t,r).map(i=>H`<section key=${i.module} aria-label=${i.label} class="addition">
      <h2>${i.label}</h2><${dn} addition=${i} api=${e} can=${r} type=${t} documentId=${n} locale=${l} /></section>`)}`}var X=50;function hn({api:e,can:t}){let[n,r]=z(null),[i,a]=z(``),[o,s]=z(``),[c,l]=z(``),[u,d]=z(0),[f,p]=z([]),[m,h]=z(null),[g,_]=z(``),v=Se(0),y=()=>{let t=++v.current;return e.files({search:i,kind:c,start:u,limit:X}).then(e=>t===v.current&&r(e)).catch(e=>_(e.message))};B(()=>{y()},[i,c,u]);let b=async t=>{let n=[...t].map(e=>({name:e.name,progress:0,error:``}));p(n),await Promise.all([...t].map((t,r)=>e.upload(t,e=>{n[r]={...n[r],progress:e},p([...n])}).then(()=>{n[r]={...n[r],progress:1,done:!0},p([...n])}).catch(e=>{n[r]={...n[r],error:e.message},p([...n])}))),y()},x=e=>{e.preventDefault(),e.dataTransfer&&e.dataTransfer.files.length&&b(e.dataTransfer.files)},S=async t=>{t.preventDefault();try{await e.describeFile(m.id,{name:m.name,alternativeText:m.alternativeText,caption:m.caption}),h(null),y()}catch(e){_(e.message)}},C=async t=>{if(window.confirm(`Delete ${t.name}? Every media field that shows it loses it.`))try{await e.deleteFile(t.id),y()}catch(e){_(e.message)}};return H`<h1>Media Library</h1>
    ${g&&H`<p class="error" role="alert">${g}</p>`}
    <div class="tools">
      <form role="search" onSubmit=${e=>{e.preventDefault(),a(o),d(0)}}>
        <label for="media-search">Search</label>
        <input id="media-search" type="search" value=${o} onInput=${e=>s(e.target.value)} />
        <button type="submit" class="secondary">Search</button>
      </form>
      <div class="locale"><label for="media-kind">Type of file</label>
        <select id="media-kind" value=${c} onChange=${e=>{l(e.target.value),d(0)}}>
          <option value="">All</option>${Xe.map(([e,t])=>H`<option value=${e}>${t}</option>`)}</select></div>
      ${t(`upload.upload`)&&H`<div class="dropzone" onDragOver=${e=>e.preventDefault()} onDrop=${x}>
        <label for="upload">Upload files</label>
        <input id="upload" type="file" multiple onChange=${e=>b(e.target.files)} />
        <span>or drop them here</span>
      </div>`}
    </div>
    ${f.length>0&&H`<ul class="uploads" aria-label="Uploads">${f.map(e=>H`<li>
      ${e.name} <progress max="1" value=${e.progress} aria-label=${`Upload of ${e.name}`}></progress>
      ${e.error?H`<span class="field-error">${e.error}</span>`:e.done?` done`:``}</li>`)}</ul>`}
    ${m&&H`<form class="editor" onSubmit=${S}>
      <h2>Edit ${m.name}</h2>
      <div class="field"><label for="file-alt">Alternative text</label>
        <input id="file-alt" value=${m.alternativeText||``} onInput=${e=>h({...m,alternativeText:e.target.value})} /></div>
      <div class="field"><label for="file-caption">Caption</label>
        <input id="file-caption" value=${m.caption||``} onInput=${e=>h({...m,caption:e.target.value})} /></div>
      <div class="actions"><button type="submit">Save</button>
        <button type="button" class="secondary" onClick=${()=>h(null)}>Cancel</button></div>
    </form>`}
    ${n&&H`<div class="table-wrap"><table>
      <caption>${u||n.length===X?`Files ${u+1} to ${u+n.length}`:`${n.length} files`}</caption>
      <thead><tr><th scope="col">Preview</th><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Size</th>
        <th scope="col">Alternative text</th><th scope="col">Formats</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${n.map(e=>H`<tr key=${e.id}>
        <td>${K(e)?H`<img src=${K(e)} alt=${e.alternativeText||``} width="64" height="48" class="thumb" />`:`—`}</td>
        <td>${e.name}</td><td>${e.mime}</td><td>${Qe(e.size)}</td><td>${e.alternativeText||``}</td>
        <td>${e.formats?Object.entries(e.formats).map(([e,t])=>`${e} ${t.width}×${t.height}`).join(`, `):`—`}</td>
        <td class="actions">
          ${t(`upload.upload`)&&H`<button type="button" class="secondary" aria-label=${`Edit ${e.name}`} onClick=${()=>h(e)}>Edit</button>`}
          ${t(`upload.destroy`)&&H`<button type="button" class="danger" aria-label=${`Delete ${e.name}`} onClick=${()=>C(e)}>Delete</button>`}
        </td></tr>`)}</tbody>
    </table></div>
    <div class="pager">
      <button type="button" class="secondary" disabled=${u===0} onClick=${()=>d(Math.max(u-X,0))}>Previous</button>
      <button type="button" class="secondary" disabled=${n.length<X} onClick=${()=>d(u+X)}>Next</button>
    </div>`}`}var gn={collectionType:[`find`,`findOne`,`create`,`update`,`delete`],singleType:[`find`,`update`,`delete`]},_n=[...gn.collectionType,`readDrafts`];function vn(e){return[...gn[e.schema.kind]||[],...e.schema.draftAndPublish?[`readDrafts`]:[]].map(t=>`${e.apiID}.${t}`)}function yn(e){return e.filter(e=>!e.plugin&&gn[e.schema.kind]).map(e=>({apiID:e.apiID,label:e.schema.displayName||e.apiID,actions:vn(e)})).sort((e,t)=>e.label.localeCompare(t.label))}function bn(e){return e.split(`,`).map(e=>e.trim()).filter(Boolean)}function xn(e,t,n){let r=e.flatMap(e=>e.actions.filter(e=>t.has(e)));for(let e of bn(n))r.includes(e)||r.push(e);return r}function Sn(e,t,n){let r=new Set(e);for(let e of t.actions)n?r.add(e):r.delete(e);return r}function Cn(e,t){let n=t.actions.filter(t=>e.has(t)).length;return n===0?`none`:n===t.actions.length?`all`:`some`}function wn(e,t){return bn(t).some(t=>e.includes(`"${t}"`))?`typed`:`grid`}function Tn(e){let t=e.events||[];return{name:e.name,url:e.url,ticked:t.filter(e=>$e.includes(e)),typed:t.filter(e=>!$e.includes(e)).join(`, `),enabled:e.enabled!==!1,types:e.types||[],headers:Dn(e.headers)}}function En(e){return e.filter(e=>e.schema.visible!==!1).map(e=>({name:e.apiID,label:e.schema.displayName||e.apiID})).sort((e,t)=>e.label.localeCompare(t.label))}function Dn(e){return Object.keys(e||{}).sort().map(t=>`${t}: ${e[t]}`).join(`
`)}var On=/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;function kn(e){let t={},n=e.split(`
`).map(e=>e.trim()).filter(Boolean);for(let[e,r]of n.entries()){let n=r.indexOf(`:`),i=n>0?r.slice(0,n).trim():``;if(!On.test(i))return{error:`header line ${e+1} is not "Name: value"`};t[i]=r.slice(n+1).trim()}return{headers:t}}function An(e){let{headers:t,error:n}=kn(e.headers||``);if(n)return{errors:{headers:n}};let r={name:e.name.trim(),url:e.url.trim(),events:et(e.ticked,e.typed),enabled:e.enabled};return(e.types||[]).length&&(r.types=e.types),Object.keys(t).length&&(r.headers=t),{data:r,errors:{}}}var jn=(e,t)=>e.length===t.length&&e.every(e=>t.includes(e));function Mn(e,t){let n={},r={},i=t.name.trim(),a=t.url.trim(),o=et(t.ticked,t.typed);i?i!==e.name&&(n.name=i):r.name=`a name is required`,a?a!==e.url&&(n.url=a):r.url=`a URL is required`,o.length?jn(o,e.events||[])||(n.events=o):r.events=`at least one event is required`,t.enabled!==(e.enabled!==!1)&&(n.enabled=t.enabled),jn(t.types||[],e.types||[])||(n.types=t.types||[]);let{headers:s,error:c}=kn(t.headers||``);return c?r.headers=c:Dn(s)!==Dn(e.headers)&&(n.headers=s),{data:n,errors:r}}function Nn({api:e,can:t,types:n=[]}){let r={name:``,url:``,ticked:[`entry.create`],typed:``,enabled:!0,types:[],headers:``},i=V(()=>En(n),[n]),[a,o]=z(null),[s,c]=z(r),[l,u]=z(null),[d,f]=z(null),[p,m]=z(``),[h,g]=z(null),[_,v]=z([]),[y,b]=z(Z),[x,S]=z(``);xe(()=>{let e=x&&document.getElementById(x);e&&(e.focus(),S(``))},[x,a,l]);let C=e=>b(dt(e)),w=()=>e.webhooks().then(({data:e})=>o(e)).catch(C),T=t=>e.deliveries(t.id).then(({data:e})=>{g(t),v(e)}).catch(C);B(()=>{w()},[]);let E=async()=>{let{data:t,errors:n}=An(s);if(Object.keys(n).length)return b({byField:n,other:[]}),!1;let{data:r}=await e.createWebhook(t);return f(r),!0},D=e=>{u(null),c(r),b(Z),e&&S(`hook-edit-${e.id}`)},O=async()=>{let{data:t,errors:n}=Mn(l,s);return Object.keys(n).length?(b({byField:n,other:[]}),!1):(Object.keys(t).length&&await e.updateWebhook(l.id,t),m(Object.keys(t).length?`Webhook "${t.name||l.name}" saved.`:`Webhook "${l.name}": nothing changed.`),D(l),!0)},k=async e=>{e.preventDefault(),m(``),f(null);try{if(l){if(!await O())return}else{if(!await E())return;b(Z)}w()}catch(e){C(e)}},A=e=>{u(e),c(Tn(e)),b(Z),f(null),m(``),S(`hook-name`)},j=async t=>{if(window.confirm(`Delete the webhook "${t.name}" and its delivery log?`))try{await e.deleteWebhook(t.id),h&&h.id===t.id&&g(null),l&&l.id===t.id&&D(),w()}catch(e){C(e)}},M=t(l?`webhooks.update`:`webhooks.create`),N=Object.entries(y.byField).filter(([e])=>![`name`,`url`,`events`,`types`,`headers`].includes(e)).map(([,e])=>e);return H`<h1>Webhooks</h1>
    ${[...y.other,...N].map(e=>H`<p class="error" role="alert">${e}</p>`)}
    ${p&&H`<p class="saved" role="status">${p}</p>`}
    ${d&&H`<div class="token-made" role="status">
      <p>Webhook "${d.name}" made. Its signing secret is shown this once.</p>
      <label for="hook-secret">Secret</label><input id="hook-secret" readonly value=${d.secret} />
    </div>`}
    ${M&&H`<${Pn} title=${l?`Edit webhook ${l.name}`:`Create new webhook`}
      form=${s} setForm=${c} errors=${y.byField} typeChoices=${i} onSubmit=${k} onCancel=${l&&(()=>D(l))} />`}
    ${a&&H`<div class="table-wrap"><table>
      <caption>${a.length} webhooks</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Types</th><th scope="col">Enabled</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${a.map(e=>H`<tr key=${e.id}><td>${e.name}</td><td>${e.url}</td><td>${(e.events||[]).join(`, `)}</td>
        <td>${(e.types||[]).length?e.types.join(`, `):`all`}</td><td>${e.enabled?`Yes`:`No`}</td><td class="actions">
          ${t(`webhooks.deliveries`)&&H`<button type="button" class="secondary" aria-label=${`Deliveries of ${e.name}`} onClick=${()=>T(e)}>Deliveries</button>`}
          ${t(`webhooks.update`)&&e.source!==`config`&&H`<button type="button" class="secondary" id=${`hook-edit-${e.id}`}
            aria-label=${`Edit ${e.name}`} onClick=${()=>A(e)}>Edit</button>`}
          ${t(`webhooks.delete`)&&e.source!==`config`&&H`<button type="button" class="danger" aria-label=${`Delete ${e.name}`} onClick=${()=>j(e)}>Delete</button>`}
          ${e.source===`config`&&H`<span class="muted">from config/webhooks.yaml</span>`}
        </td></tr>`)}</tbody>
    </table></div>`}
    ${h&&H`<section aria-label=${`Deliveries of ${h.name}`}>
      <h2>Deliveries of ${h.name}</h2>
      <p><button type="button" class="secondary" onClick=${()=>T(h)}>Refresh</button></p>
      <div class="table-wrap"><table>
        <caption>${_.length} deliveries</caption>
        <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Answer</th>
          <th scope="col">Made</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>${_.map(n=>H`<tr key=${n.id}><td>${n.event}</td><td>${n.status}</td><td>${n.attempts}</td>
          <td>${n.lastStatus||n.lastError||``}</td><td>${rt(n.createdAt)}</td><td>
          ${t(`webhooks.redeliver`)&&H`<button type="button" class="secondary" aria-label=${`Redeliver ${n.id}`}
            onClick=${()=>e.redeliver(h.id,n.id).then(()=>T(h)).catch(C)}>Redeliver</button>`}</td></tr>`)}</tbody>
      </table></div>
    </section>`}`}var Z={byField:{},other:[]},Q=(e,t,n)=>e[t]?{"aria-invalid":`true`,"aria-describedby":n}:{};function Pn({title:e,form:t,setForm:n,errors:r,typeChoices:i,onSubmit:a,onCancel:o}){let s=(e,r)=>n({...t,[e]:r}),c=(e,n)=>s(`types`,n?[...t.types,e]:t.types.filter(t=>t!==e)),l=(e,n)=>s(`ticked`,n?[...t.ticked,e]:t.ticked.filter(t=>t!==e)),u=e=>r[e]&&H`<p class="field-error" id=${`hook-${e}-error`}>${r[e]}</p>`;return H`<form class="editor" onSubmit=${a} onKeyDown=${e=>{e.key===`Escape`&&o&&o()}} aria-labelledby="hook-form-title">
    <h2 id="hook-form-title">${e}</h2>
    <div class="field"><label for="hook-name">Name</label>
      <input id="hook-name" required value=${t.name} ...${Q(r,`name`,`hook-name-error`)}
        onInput=${e=>s(`name`,e.target.value)} />${u(`name`)}</div>
    <div class="field"><label for="hook-url">URL</label>
      <input id="hook-url" type="url" required value=${t.url} ...${Q(r,`url`,`hook-url-error`)}
        onInput=${e=>s(`url`,e.target.value)} />${u(`url`)}</div>
    <fieldset class="field"><legend>Events</legend>
      ${$e.map(e=>H`<label class="inline"><input type="checkbox" checked=${t.ticked.includes(e)}
        onChange=${t=>l(e,t.target.checked)} /> ${e}</label>`)}
      <label for="hook-other">Other events (a plugin's, comma-separated)</label>
      <input id="hook-other" value=${t.typed} ...${Q(r,`events`,`hook-events-error`)}
        onInput=${e=>s(`typed`,e.target.value)} />${u(`events`)}
    </fieldset>
    <fieldset class="field"><legend>Content types (none ticked: every type)</legend>
      ${i.map(e=>H`<label class="inline"><input type="checkbox" checked=${t.types.includes(e.name)}
        onChange=${t=>c(e.name,t.target.checked)} /> ${e.label}</label>`)}
      ${r.types&&H`<p class="field-error">${r.types}</p>`}
    </fieldset>
    <div class="field"><label for="hook-headers">Headers</label>
      <p class="muted" id="hook-headers-help">One per line, as X-Team: growth</p>
      <textarea id="hook-headers" rows="3" value=${t.headers} aria-describedby="hook-headers-help"
        ...${Q(r,`headers`,`hook-headers-help hook-headers-error`)}
        onInput=${e=>s(`headers`,e.target.value)} />${u(`headers`)}</div>
    <div class="field"><label class="inline"><input type="checkbox" id="hook-enabled" checked=${t.enabled}
      onChange=${e=>s(`enabled`,e.target.checked)} /> Enabled</label></div>
    <div class="actions"><button type="submit">Save</button>
      ${o&&H`<button type="button" class="secondary" onClick=${o}>Cancel</button>`}</div>
  </form>`}function Fn({api:e,can:t,types:n=[]}){let r=V(()=>yn(n),[n]),i={name:``,description:``,type:`read-only`,lifespan:``,ticked:new Set,typed:``},[a,o]=z(null),[s,c]=z(null),[l,u]=z(i),[d,f]=z(Z),p=()=>e.tokens().then(({data:e})=>o(e)).catch(e=>f({byField:{},other:[e.message]}));B(()=>{p()},[]);let m=async t=>{t.preventDefault();try{let t=l.lifespan===``?null:Number(l.lifespan),n={name:l.name,description:l.description,type:l.type,lifespan:t};l.type===`custom`&&(n.permissions=xn(r,l.ticked,l.typed));let{data:i}=await e.createToken(n);c(i),f(Z),u({...l,name:``,description:``,ticked:new Set,typed:``}),p()}catch(e){f(dt(e))}},h=async t=>{if(window.confirm(`Revoke the token "${t.name}"? Requests with it are refused from now on.`))try{await e.revokeToken(t.id),p()}catch(e){f(dt(e))}},g=d.byField.permissions,_=g?wn(g,l.typed):``,v=H`<p class="field-error" id="token-permissions-error">${g}</p>`,y=Object.entries(d.byField).filter(([e])=>![`name`,`permissions`].includes(e)).map(([,e])=>e);return H`<h1>API Tokens</h1>
    ${[...d.other,...y].map(e=>H`<p class="error" role="alert">${e}</p>`)}
    ${s&&H`<div class="token-made" role="status">
      <p>Token "${s.name}" made. This is the only time it is shown: copy it now.</p>
      <label for="access-key">Token</label>
      <input id="access-key" readonly value=${s.accessKey} onFocus=${e=>e.target.select()} />
    </div>`}
    ${t(`apiTokens.create`)&&H`<form class="editor" onSubmit=${m}>
      <h2>Create new API token</h2>
      <div class="field"><label for="token-name">Name</label>
        <input id="token-name" required value=${l.name} ...${Q(d.byField,`name`,`token-name-error`)}
          onInput=${e=>u({...l,name:e.target.value})} />
        ${d.byField.name&&H`<p class="field-error" id="token-name-error">${d.byField.name}</p>`}</div>
      <div class="field"><label for="token-description">Description</label>
        <input id="token-description" value=${l.description} onInput=${e=>u({...l,description:e.target.value})} /></div>
      <div class="field"><label for="token-type">Token type</label>
        <select id="token-type" value=${l.type} onChange=${e=>u({...l,type:e.target.value})}>
          <option value="read-only">Read-only</option><option value="full-access">Full access</option>
          <option value="custom">Custom</option></select></div>
      ${l.type===`custom`&&H`<fieldset class="field permissions" aria-describedby=${_===`grid`?`token-permissions-error`:void 0}>
        <legend>Permissions</legend>
        ${_===`grid`&&v}
        <${In} grid=${r} ticked=${l.ticked} onTick=${e=>u({...l,ticked:e})} />
        <label for="token-other">Other actions (a plugin's, comma-separated, as <code>kiln routes</code> lists them)</label>
        <input id="token-other" value=${l.typed} placeholder="analytics.dashboard, users.find"
          ...${_===`typed`?{"aria-invalid":`true`,"aria-describedby":`token-permissions-error`}:{}}
          onInput=${e=>u({...l,typed:e.target.value})} />
        ${_===`typed`&&v}
      </fieldset>`}
      <div class="field"><label for="token-lifespan">Token duration</label>
        <select id="token-lifespan" value=${l.lifespan} onChange=${e=>u({...l,lifespan:e.target.value})}>
          ${nt.map(([e,t])=>H`<option value=${t===null?``:String(t)}>${e}</option>`)}</select></div>
      <div class="actions"><button type="submit">Save</button></div>
    </form>`}
    ${a&&H`<div class="table-wrap"><table>
      <caption>${a.length} tokens</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Permissions</th><th scope="col">Expires</th>
        <th scope="col">Last used</th><th scope="col">Created</th>
        <th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
      <tbody>${a.map(e=>H`<tr key=${e.id}><td>${e.name}</td><td>${e.type}</td>
        <td>${e.type===`custom`?H`<details><summary>${e.permissions.length} actions</summary>
          <ul class="plain">${e.permissions.map(e=>H`<li>${e}</li>`)}</ul></details>`:`all its type allows`}</td>
        <td>${rt(e.expiresAt)}</td><td>${rt(e.lastUsedAt)}</td><td>${rt(e.createdAt)}</td>
        <td>${t(`apiTokens.delete`)&&H`<button type="button" class="danger" aria-label=${`Revoke ${e.name}`} onClick=${()=>h(e)}>Revoke</button>`}</td></tr>`)}</tbody>
    </table></div>`}`}function In({grid:e,ticked:t,onTick:n}){let r=(e,r)=>{let i=new Set(t);r?i.add(e):i.delete(e),n(i)};return H`<div class="table-wrap"><table class="grid">
    <caption>Actions of each content type</caption>
    <thead><tr><th scope="col">Content type</th><th scope="col">Select all</th>
      ${_n.map(e=>H`<th scope="col">${e}</th>`)}</tr></thead>
    <tbody>${e.map(e=>{let i=Cn(t,e);return H`<tr key=${e.apiID}><th scope="row">${e.label}</th>
        <td><input type="checkbox" aria-label=${`${e.apiID} select all`} checked=${i===`all`}
          indeterminate=${i===`some`} onChange=${r=>n(Sn(t,e,r.target.checked))} /></td>
        ${_n.map(n=>{let i=`${e.apiID}.${n}`;return H`<td>${e.actions.includes(i)&&H`<input type="checkbox" aria-label=${`${e.apiID} ${n}`}
            checked=${t.has(i)} onChange=${e=>r(i,e.target.checked)} />`}</td>`})}</tr>`})}</tbody>
  </table></div>`}var Ln=[`string`,`text`,`email`,`uid`,`enumeration`,`integer`,`biginteger`,`float`,`decimal`,`date`,`datetime`,`time`],Rn=[10,20,25,50,100];function zn(e){return[...Object.entries(e.schema.attributes).filter(([,e])=>Ln.includes(e.type)&&!e.private).map(([e])=>e),`id`,`documentId`]}var Bn=e=>[...qe(e,1/0).map(e=>e.name),`id`,`createdAt`,`updatedAt`];function Vn({api:e,type:t,editable:n,file:r,onSaved:i}){let a=t.view||{},o=qe(t,1/0).map(e=>e.name),[s,c]=z(a.mainField||`id`),[l,u]=z(a.columns||[]),[d,f]=z(a.pageSize||25),[p,m]=z((a.sort||``).split(`:`)[0]),[h,g]=z((a.sort||`:asc`).split(`:`)[1]||`asc`),[_,v]=z(``),[y,b]=z(``),x={mainField:s,columns:l,pageSize:d,sort:p?`${p}:${h}`:``},S=async n=>{n.preventDefault(),v(``),b(``);try{let{data:n}=await e.saveView(t.uid,x);i(t.uid,n),v(`Saved to ${r}.`)}catch(e){b(e.message)}},C=(e,t)=>u(t?[...l,e]:l.filter(t=>t!==e));return H`<h1>Configure the view of ${t.schema.displayName}</h1>
    <p><a href=${`#/content/${t.apiID}`}>Back to the list</a></p>
    ${!n&&H`<p class="muted" id="view-readonly">This server does not write ${r} (it does with
      <code>development: true</code> in config/admin.yaml). To keep this view, add these lines to the project's ${r}:</p>
      <pre aria-label=${`The lines for ${r}`}>${We(t.apiID,x)}</pre>`}
    <form class="editor" onSubmit=${S} aria-label=${`The view of ${t.schema.displayName}`}>
      <div class="field"><label for="view-main">Entry title (main field)</label>
        <select id="view-main" value=${s} onChange=${e=>c(e.target.value)}>
          ${zn(t).map(e=>H`<option value=${e}>${e}</option>`)}</select>
        <p class="muted">Names an entry in relations, lists and its form's title.</p></div>
      <fieldset class="field"><legend>Columns of the list</legend>
        <ol class="columns">${l.map((e,t)=>H`<li key=${e}><span>${e}</span>
          <button type="button" class="secondary" aria-label=${`Move ${e} up`} disabled=${t===0} onClick=${()=>u(G(l,t,-1))}>↑</button>
          <button type="button" class="secondary" aria-label=${`Move ${e} down`} disabled=${t===l.length-1}
            onClick=${()=>u(G(l,t,1))}>↓</button></li>`)}</ol>
        <div class="inline-choices">${o.map(e=>H`<label class="inline"><input type="checkbox" checked=${l.includes(e)}
          onChange=${t=>C(e,t.target.checked)} /> ${e}</label>`)}</div></fieldset>
      <div class="field"><label for="view-page-size">Entries per page</label>
        <select id="view-page-size" value=${String(d)} onChange=${e=>f(Number(e.target.value))}>
          ${Rn.map(e=>H`<option value=${String(e)}>${e}</option>`)}</select></div>
      <div class="field"><label for="view-sort">Sorted by</label>
        <select id="view-sort" value=${p} onChange=${e=>m(e.target.value)}>
          <option value="">The server's order</option>
          ${Bn(t).map(e=>H`<option value=${e}>${e}</option>`)}</select></div>
      ${p&&H`<div class="field"><label for="view-order">Order</label>
        <select id="view-order" value=${h} onChange=${e=>g(e.target.value)}>
          <option value="asc">Ascending</option><option value="desc">Descending</option></select></div>`}
      ${y&&H`<p class="error" role="alert">${y}</p>`}
      ${_&&H`<p class="saved" role="status">${_}</p>`}
      ${n&&H`<div class="actions"><button type="submit">Save</button></div>`}
    </form>`}function Hn({api:e,onSignOut:t}){let[n,r]=z(null),[i,a]=z([]),[o,s]=z([]),[c,l]=z([]),[u,d]=z([]),[f,p]=z([]),[m,h]=z({pages:[],cards:[],sections:[]}),[g,_]=z({editable:!1,file:`config/views.yaml`}),[v,y]=z(``),b=mt();B(()=>{let t=e.views().catch(()=>({data:{},meta:{editable:!1,file:`config/views.yaml`}}));Promise.all([e.contentTypes(),e.permissions(),e.components(),e.plugins(),t]).then(([t,n,r,i,a])=>{s(r.data),h(i),_(a.meta),n.data.actions.includes(`i18n.locales`)&&e.locales().then(l).catch(()=>{}),p(n.data.actions),x(t.data.map(e=>({...e,view:a.data[e.uid]})),n.data.actions)}).catch(e=>y(e.message))},[]);let x=(e,t)=>{a(e),r(ze(e,t)),d(Ge(e,t))},S=(e,t)=>x(i.map(n=>n.uid===e?{...n,view:t}:n),f),C=e=>f.includes(e),w=V(()=>({types:i,components:o,actions:f,sections:m.sections}),[i,o,f,m]),T=on(m.pages,C),E=cn(T,b),[D,O=``]=b.split(`?`),[,k,A,j]=D.split(`/`),M=new URLSearchParams(O).get(`locale`)||``,N=n&&k===`content`&&n.find(e=>e.apiID===A),P=k===`single`&&u.find(e=>e.apiID===A),F=k===`configure`&&C(`contentManager.configureView`)&&i.find(e=>e.apiID===A);return H`<div class="layout">
    <nav aria-label="Content Manager">
      <h2>Content Manager</h2>
      ${n&&H`<ul>${n.map(e=>H`<li key=${e.uid}>
        <a href=${`#/content/${e.apiID}`} aria-current=${N===e?`page`:void 0}>${e.schema.displayName}</a></li>`)}</ul>`}
      ${u.length>0&&H`<h3>Single types</h3><ul>${u.map(e=>H`<li key=${e.uid}>
        <a href=${`#/single/${e.apiID}`} aria-current=${P===e?`page`:void 0}>${e.schema.displayName}</a></li>`)}</ul>`}
      ${(C(`upload.find`)||T.length>0)&&H`<h2>Plugins</h2><ul>
        ${C(`upload.find`)&&H`<li><a href="#/media" aria-current=${b===`/media`?`page`:void 0}>Media Library</a></li>`}
        ${T.map(e=>H`<li key=${e.module+e.path}><a href=${`#/plugins/${e.plugin}/${e.path}`}
          aria-current=${E===e?`page`:void 0}>${e.label}</a></li>`)}</ul>`}
      ${C(`apiTokens.find`)&&H`<h2>Settings</h2><ul><li>
        <a href="#/settings/api-tokens" aria-current=${b===`/settings/api-tokens`?`page`:void 0}>API Tokens</a></li></ul>`}
      ${C(`webhooks.find`)&&H`<ul><li>
        <a href="#/settings/webhooks" aria-current=${b===`/settings/webhooks`?`page`:void 0}>Webhooks</a></li></ul>`}
      <p><button class="secondary" type="button" onClick=${t}>Sign out</button></p>
    </nav>
    <main>
      ${v&&H`<p class="error" role="alert">${v}</p>`}
      ${b===`/settings/api-tokens`&&C(`apiTokens.find`)?H`<${Fn} api=${e} can=${C} types=${i} />`:P?H`<${mn} key=${P.uid} api=${e} type=${P} single can=${C} ctx=${w} locales=${c} />`:F?H`<${Vn} key=${F.uid} api=${e} type=${F} editable=${g.editable}
            file=${g.file} onSaved=${S} />`:E?H`<${dn} key=${E.module+E.path} addition=${E} api=${e} can=${C} />`:b===`/media`&&C(`upload.find`)?H`<${hn} api=${e} can=${C} />`:b===`/settings/webhooks`&&C(`webhooks.find`)?H`<${Nn} api=${e} can=${C} types=${i} />`:N?j?H`<${mn} key=${N.uid+j} api=${e} type=${N} documentId=${j===`new`?``:j} can=${C}
            ctx=${w} locales=${c}
            initialLocale=${M} />`:H`<${Ot} key=${N.uid} api=${e} type=${N} can=${C} locales=${c} />`:H`<${Un} api=${e} can=${C} cards=${on(m.cards,C)} />`}
    </main>
  </div>`}function Un({api:e,can:t,cards:n}){return H`<h1>Welcome</h1><p>Choose a collection type.</p>
    ${n.length>0&&H`<div class="cards">${n.map(n=>H`<section class="card" key=${n.module} aria-label=${n.label}>
      <h2>${n.label}</h2><${dn} addition=${n} api=${e} can=${t} /></section>`)}</div>`}`}var Wn=window.sessionStorage,$=`kiln-admin-token`;function Gn(){let[e,t]=z(Wn.getItem($)||``),[n,r]=z(``),i=(e=``)=>{Wn.removeItem($),t(``),r(e)},a=at({token:()=>Wn.getItem($)||``,onExpired:()=>i(`Your session has ended. Sign in again.`)});return e?H`<${Hn} api=${a} onSignOut=${()=>i()} />`:H`<${Kn} api=${a} notice=${n} onSignedIn=${e=>{Wn.setItem($,e),r(``),t(e)}} />`}function Kn({api:e,notice:t,onSignedIn:n}){let[r,i]=z(``),[a,o]=z(``),[s,c]=z(t),[l,u]=z(!1);return H`<main class="signin">
    <h1>Kiln</h1>
    <form onSubmit=${async t=>{t.preventDefault(),u(!0),c(``);try{let{jwt:t}=await e.signIn(r,a),i=at({token:()=>t}),[{data:o},s]=await Promise.all([i.permissions(),e.settings()]);if(!s.roles.includes(o.role)){c(`This account may not use the admin panel.`);return}n(t)}catch(e){c(e.message)}finally{u(!1)}}}>
      <label for="email">Email</label>
      <input id="email" type="email" autocomplete="username" required value=${r} onInput=${e=>i(e.target.value)} />
      <label for="password">Password</label>
      <input id="password" type="password" autocomplete="current-password" required value=${a} onInput=${e=>o(e.target.value)} />
      ${s&&H`<p class="error" role="alert">${s}</p>`}
      <button type="submit" disabled=${l}>Login</button>
    </form>
  </main>`}ce(H`<${Gn} />`,document.getElementById(`app`));