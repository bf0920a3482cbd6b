// Offline search of seatings of 100 players at 10 tables over 10 rounds invariant under Z_5 acting on 20
// orbits of five (docs/seating.md, "Offline searches"). Each round splits the orbits into two halves of
// ten; each half is a base table (one point of each of its orbits, at an offset) and its five translates.
// Pairs inside an orbit never meet; a pair of orbits in one half of two rounds with the same offset
// difference is a "collision", five repeat meetings. Annealing over offsets and swaps between halves;
// prints the collisions and the seating (anneal.c's start format) on stdout.
//   gcc -O2 -o /tmp/orbits_of_five orbits_of_five.c -lm
//   /tmp/orbits_of_five ITERATIONS T_START T_END SEED
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#define R 10
#define O 20
#define G 5
static int side[R][O], off[R][O]; static int cnt[O][O][G];
static unsigned long long rs;
static inline unsigned long long xr(void){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return rs;}
static inline double ur(void){return (xr()>>11)*(1.0/9007199254740992.0);}
static inline int dif(int r,int i,int j){return ((off[r][j]-off[r][i])%G+G)%G;}
// contribution of (r,i) pairs: add sign
static int apply(int r,int i,int sign,int skip){int d=0;for(int j=0;j<O;j++){if(j==i||j==skip||side[r][j]!=side[r][i])continue;
  int a=i<j?i:j,b=i<j?j:i;int dd=dif(r,a,b);int *c=&cnt[a][b][dd];if(sign>0){d+=*c;(*c)++;}else{(*c)--;d-=*c;}}return d;}
int main(int argc,char**argv){long iters=atol(argv[1]);double t0=atof(argv[2]),t1=atof(argv[3]);rs=atoll(argv[4])*2654435761ULL+3;
 for(int r=0;r<R;r++){int p[O];for(int i=0;i<O;i++)p[i]=i;for(int i=O-1;i>0;i--){int j=xr()%(i+1);int x=p[i];p[i]=p[j];p[j]=x;}
  for(int i=0;i<O;i++){side[r][p[i]]=i<10;off[r][i]=xr()%G;}}
 long e=0;for(int r=0;r<R;r++)for(int i=0;i<O;i++)for(int j=i+1;j<O;j++)if(side[r][i]==side[r][j]){int*c=&cnt[i][j][dif(r,i,j)];e+=*c;(*c)++;}
 long be=e;fprintf(stderr,"start %ld\n",e);int bs[R][O],bo[R][O];memcpy(bs,side,sizeof bs);memcpy(bo,off,sizeof bo);
 for(long it=0;it<iters;it++){double temp=t0*pow(t1/t0,it/(double)iters);int r=xr()%R,i=xr()%O;
  if(xr()&1){int old=off[r][i],nv=xr()%G;if(nv==old)continue;int d=apply(r,i,-1,-1);off[r][i]=nv;d+=apply(r,i,1,-1);
   if(d>0&&ur()>=exp(-d/temp)){apply(r,i,-1,-1);off[r][i]=old;apply(r,i,1,-1);continue;}e+=d;}
  else{int j=xr()%O;if(side[r][j]==side[r][i])continue;int d=apply(r,i,-1,-1);d+=apply(r,j,-1,-1);side[r][i]^=1;side[r][j]^=1;d+=apply(r,i,1,-1);d+=apply(r,j,1,-1);
   if(d>0&&ur()>=exp(-d/temp)){apply(r,i,-1,-1);apply(r,j,-1,-1);side[r][i]^=1;side[r][j]^=1;apply(r,i,1,-1);apply(r,j,1,-1);continue;}e+=d;}
  if(e<be){be=e;memcpy(bs,side,sizeof bs);memcpy(bo,off,sizeof bo);}}
 fprintf(stderr,"collisions %ld, repeat meetings %ld\n",be,5*be);
 for(int r=0;r<R;r++){ // emit tables: base table s, translate g: points orbit*5 + (off+g)%5
  for(int s=0;s<2;s++)for(int g=0;g<G;g++)for(int i=0;i<O;i++)if(bs[r][i]==s)printf("%d ",i*G+(bo[r][i]+g)%G);
  printf("\n");}
}
