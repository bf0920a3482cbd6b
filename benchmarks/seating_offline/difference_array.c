// Offline search of seatings of 100 players at 10 tables over 10 rounds invariant under a group G of
// order 9 (Z_9, or Z_3 × Z_3) (docs/seating.md, "Offline searches").
// Players: 11 orbits O_c = {c}×G (c = 0..10) and ∞. Round r (r = 0..9): one table O_r ∪ {∞}, and the
// nine translates B_r + g of the base table B_r = {(c, D[r][c]) : c ≠ r}. Intra-orbit pairs and ∞ never
// repeat; the pairs of O_i × O_j meeting in rounds r and s are 9 for every two rows r, s (both with i, j
// present) with D[r][j] − D[r][i] = D[s][j] − D[s][i]: one "collision" is nine repeat meetings. A
// collision-free array would be a quasi-difference matrix giving an affine plane of order 10 (none).
// Annealing over single entries; prints the collisions on stderr and the seating (anneal.c's start
// format) on stdout.
//   gcc -O2 -o /tmp/difference_array difference_array.c -lm
//   /tmp/difference_array ITERATIONS T_START T_END SEED CYCLIC(1: Z_9, 0: Z_3 × Z_3)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define RW 10
#define CL 11
static int D[RW][CL];
static int SUB[9][9], ADD[9][9];
static unsigned long long rs;
static inline unsigned long long xr(void){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return rs;}
static inline double ur(void){return (xr()>>11)*(1.0/9007199254740992.0);}
static int paircost(int i,int j){int cnt[9]={0};int c=0;for(int r=0;r<RW;r++){if(r==i||r==j)continue;c+=cnt[SUB[D[r][j]][D[r][i]]]++;}return c;}
static int total(void){int c=0;for(int i=0;i<CL;i++)for(int j=i+1;j<CL;j++)c+=paircost(i,j);return c;}
static int columncost(int c){int s=0;for(int j=0;j<CL;j++)if(j!=c)s+=paircost(c<j?c:j,c<j?j:c);return s;}
int main(int argc,char**argv){
 if(argc<6){fprintf(stderr,"usage: ITERATIONS T_START T_END SEED CYCLIC\n");return 2;}
 long iters=atol(argv[1]);double t0=atof(argv[2]),t1=atof(argv[3]);rs=atoll(argv[4])*2654435761ULL+7;int cyclic=atoi(argv[5]);
 for(int a=0;a<9;a++)for(int b=0;b<9;b++){
  SUB[a][b]=cyclic?(a-b+9)%9:((a/3-b/3+3)%3)*3+((a%3-b%3+3)%3);
  ADD[a][b]=cyclic?(a+b)%9:((a/3+b/3)%3)*3+((a%3+b%3)%3);}
 for(int r=0;r<RW;r++)for(int c=0;c<CL;c++)D[r][c]=xr()%9;
 int e=total(),be=e;int B[RW][CL];memcpy(B,D,sizeof B);
 for(long it=0;it<iters;it++){double temp=t0*pow(t1/t0,it/(double)iters);
  int r=xr()%RW,c=xr()%CL;if(c==r)continue;int old=D[r][c],nv=xr()%9;if(nv==old)continue;
  int before=columncost(c);D[r][c]=nv;int d=columncost(c)-before;
  if(d>0&&ur()>=exp(-d/temp)){D[r][c]=old;continue;}
  e+=d;if(e<be){be=e;memcpy(B,D,sizeof B);}}
 fprintf(stderr,"collisions %d, repeat meetings %d\n",be,9*be);
 for(int r=0;r<RW;r++){
  for(int g=0;g<9;g++)printf("%d ",r*9+g);
  printf("99 ");
  for(int g=0;g<9;g++)for(int c=0;c<CL;c++)if(c!=r)printf("%d ",c*9+ADD[B[r][c]][g]);
  printf("\n");}
 return 0;
}
