import json,base64,hashlib,sys
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
A='123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
def b58d(s):
    n=0
    for c in s: n=n*58+A.index(c)
    b=n.to_bytes((n.bit_length()+7)//8,'big'); return b
def pub(did):
    raw=b58d(did[len('did:key:z'):]); assert raw[:2]==b'\x80\x24'
    return ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(),raw[2:])
def b64d(s): return base64.urlsafe_b64decode(s+'='*(-len(s)%4))
def ver(did,msg,sig):
    s=b64d(sig); pub(did).verify(encode_dss_signature(int.from_bytes(s[:32],'big'),int.from_bytes(s[32:],'big')),msg,ec.ECDSA(hashes.SHA256()))
def hkdf(k,label,n): return HKDF(hashes.SHA256(),n,None,label.encode()).derive(k)
for v in json.load(open(sys.argv[1])):
    i,e=v['inputs'],v['expected']
    c,h,w=json.loads(e['challenge']),json.loads(e['hello']),json.loads(e['welcome'])
    assert c['nonce']==base64.urlsafe_b64encode(bytes.fromhex(i['serverNonceHex'])).decode().rstrip('=')
    H='minca/peer/v3|client|%s|%s|%s|%s'%(i['spaceId'],h['did'],c['did'],c['nonce'])
    W='minca/peer/v3|server|%s|%s|%s'%(i['spaceId'],c['did'],h['nonce'])
    assert H==e['H'] and W==e['W']
    ver(h['did'],H.encode(),h['sig']); ver(w['did'],W.encode(),w['sig'])
    if 'read' in h:
        ver(h['readKey'],H.encode(),h['read'])
        for x in h['earlier']: ver(x['readKey'],H.encode(),x['read'])
        K=bytes.fromhex(i['spaceKeysHexNewestFirst'][0])
        env=b64d(h['member']); assert env[0]==1
        aad=b'\x01'+b'minca/space-membership/v1'+b'\x00'+json.dumps({'space':i['spaceId']},separators=(',',':')).encode()
        pt=AESGCM(hkdf(K,'minca/space-seal/v1',32)).decrypt(env[1:13],env[13:],aad)
        assert json.loads(pt)==i['memberNote'], pt
    print('ok',v['name'])
